/** The AI prompt pages as one lazy chunk: they share their hooks and labels. */
export { AiPromptDetailPage } from './AiPromptDetailPage';
export { AiPromptEditRedirect } from './AiPromptEditRedirect';
export { AiPromptFormPage } from './AiPromptFormPage';
export { AiPromptsPage } from './AiPromptsPage';
