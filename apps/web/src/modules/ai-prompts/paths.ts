/** The AI prompt pages (teams-and-account.md 2.1, AI (v1)); administrators only (decision 0057). */
export const AI_PROMPTS_PATH = '/ai-prompt';
export const CREATE_AI_PROMPT_PATH = '/ai-prompt/create';
export const aiPromptPath = (id: number) => `/ai-prompt/${id}`;
export const editAiPromptPath = (id: number) => `/ai-prompt/${id}/edit`;
