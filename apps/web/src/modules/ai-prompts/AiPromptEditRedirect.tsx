import { Navigate } from 'react-router';
import { AI_PROMPTS_PATH } from './paths';

/** /ai-prompt/edit names no prompt: the list, where one is picked (decision 0057). */
export function AiPromptEditRedirect() {
  return <Navigate to={AI_PROMPTS_PATH} replace />;
}
