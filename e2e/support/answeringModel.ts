import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
}

/**
 * A stand-in for the OpenAI-compatible model (LLM_URL) that answers at once: every series it is sent
 * (the `{"series":[...]}` JSON in the user's message) is `code`, with score 0.77. It keeps what it was asked.
 */
export interface AnsweringModel {
  url: string;
  requests: ChatRequest[];
  close: () => Promise<void>;
}

export async function startAnsweringModel(code: string): Promise<AnsweringModel> {
  const requests: ChatRequest[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(text) as ChatRequest;
      requests.push(body);
      const json = /\{"series":.*\}/s.exec(body.messages.at(-1)?.content ?? '')?.[0] ?? '{"series":[]}';
      const series = (JSON.parse(json) as { series: { id: string }[] }).series;
      const content = JSON.stringify({
        series: series.map((s) => ({ id: s.id, acquisitionCode: code, score: 0.77 })),
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
