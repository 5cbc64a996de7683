import { Niivue, type NVImage } from '@niivue/niivue';

/** NiiVue's shader objects as its gradient pass takes them (its `Shader` class is not exported). */
type GradientShader = NonNullable<Niivue['blurShader']>;

// Every vertex lies outside clip space: each of the pass's draws rasterises nothing.
const IDLE_VERTEX = `#version 300 es
void main() { gl_Position = vec4(2.0, 2.0, 2.0, 1.0); }`;
const IDLE_FRAGMENT = `#version 300 es
precision lowp float;
out vec4 color;
void main() { color = vec4(0.0); }`;

function idleShader(gl: WebGL2RenderingContext): GradientShader {
  const program = gl.createProgram();
  for (const [type, source] of [
    [gl.VERTEX_SHADER, IDLE_VERTEX],
    [gl.FRAGMENT_SHADER, IDLE_FRAGMENT],
  ] as const) {
    const shader = gl.createShader(type);
    if (!shader) throw new Error('WebGL could not create a shader.');
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    gl.attachShader(program, shader);
    gl.deleteShader(shader);
  }
  gl.linkProgram(program);
  return { program, uniforms: {}, use: (context) => context.useProgram(program) };
}

const GRADIENT_SHADERS = [
  'blurShader',
  'gradientPrePassShader',
  'sobelFirstOrderShader',
  'sobelSecondOrderShader',
] as const;

/**
 * NiiVue computing the 3D render's gradient volume only while a render pane shows. NiiVue redoes it on
 * every texture update (a volume shown, a window change): two passes of one draw per slice, which under
 * software WebGL cost about as much as the volume's own texture. While no render shows, the pass runs
 * with a shader that draws nothing; the gradient is computed when a render pane opens.
 */
export class LazyGradientNiivue extends Niivue {
  private renderShown = false;
  private gradientStale = false;
  private idle: GradientShader | null = null;

  override refreshLayers(overlayItem: NVImage, layer: number): void {
    if (layer !== 0 || this.renderShown || !this.gl) {
      super.refreshLayers(overlayItem, layer);
      return;
    }
    this.idle ??= idleShader(this.gl);
    const kept = GRADIENT_SHADERS.map((name) => this[name]);
    for (const name of GRADIENT_SHADERS) this[name] = this.idle;
    try {
      super.refreshLayers(overlayItem, layer);
    } finally {
      GRADIENT_SHADERS.forEach((name, i) => (this[name] = kept[i] ?? null));
    }
    this.gradientStale = true;
  }

  /** Says whether a 3D render pane is about to show; computes the gradient it needs first. */
  setRenderShown(shown: boolean): void {
    this.renderShown = shown;
    const hdr = this.back?.hdr;
    if (!shown || !this.gradientStale || !hdr) return;
    this.gradientGL(hdr);
    this.gradientStale = false;
  }
}
