import { z } from 'zod';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/** An OpenAI-compatible chat-completions endpoint; answers the first choice's text. */
export interface ChatClient {
  complete(messages: ChatMessage[], signal: AbortSignal): Promise<string>;
}

const Completion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

/**
 * A client of `POST {url}/chat/completions` (OpenAI, vLLM, Ollama, llama.cpp server and the like). It asks
 * for a JSON object, at temperature 0, and fails on any non-2xx answer, bad shape or timeout.
 */
export function createChatClient(opts: {
  url: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}): ChatClient {
  const endpoint = `${opts.url.replace(/\/+$/, '')}/chat/completions`;
  return {
    async complete(messages, signal) {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(opts.apiKey && { authorization: `Bearer ${opts.apiKey}` }),
        },
        body: JSON.stringify({
          model: opts.model,
          messages,
          temperature: 0,
          response_format: { type: 'json_object' },
        }),
        signal: AbortSignal.any([signal, AbortSignal.timeout(opts.timeoutMs)]),
      });
      if (!res.ok) throw new Error(`chat completion failed: HTTP ${res.status}`);
      const parsed = Completion.safeParse(await res.json());
      if (!parsed.success) throw new Error('chat completion: unexpected answer shape');
      return parsed.data.choices[0]?.message.content ?? '';
    },
  };
}
