import * as api from '@voxa/contracts/areas';
import { call } from '../../../lib/api';

/** Tells the server to drop a prompt (POST /svc/llm/cancel-prompt); a failure is only logged (section 8). */
export function cancelPrompt(llmRemoteId: string): void {
  call(api.recognition.cancelPrompt, { params: { llmRemoteId }, quiet: true }).catch((error: unknown) =>
    console.warn('Acquisition recognition: cancel failed', error),
  );
}
