import type { Locator, Page } from 'playwright-core';

/**
 * The review side of the annotator: the review panel (review=true) with its state, actions, history and
 * comments, and the author's 'Submit for review' under the mask.
 */
export class ReviewPanel {
  readonly panel: Locator;
  readonly state: Locator;
  readonly events: Locator;
  readonly comments: Locator;
  /** The author's part under the mask (without review=true). */
  readonly submitArea: Locator;
  /** Under the mask: who can review the segmentation, or why nobody can. */
  readonly reviewers: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('review-panel');
    this.state = this.panel.getByTestId('review-state');
    this.events = this.panel.getByTestId('review-event');
    this.comments = this.panel.getByTestId('review-comment');
    this.submitArea = page.getByTestId('submit-for-review');
    this.reviewers = this.submitArea.getByTestId('segmentation-reviewers');
  }

  button(name: 'Submit for review' | 'Approve' | 'Request changes'): Locator {
    return this.panel.getByRole('button', { name, exact: true });
  }

  toast(message: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: message });
  }

  /** Under the mask: 'Submit for review', then the state it shows. */
  async submitUnderMask(): Promise<void> {
    await this.submitArea.getByRole('button', { name: 'Submit for review' }).click();
    await this.toast('Submitted for review').waitFor();
    await this.submitArea.getByText('Pending review').waitFor();
  }

  /**
   * Types a comment that @mentions `member`: the text, '@' and the first letters, the member picked from
   * the offered names (which inserts '@Name '), then the rest; Add comment.
   */
  async comment(before: string, member: string, after: string): Promise<void> {
    const box = this.panel.getByRole('textbox', { name: 'Comment' });
    await box.click();
    await box.pressSequentially(`${before}@${member.slice(0, 2)}`);
    await this.page.getByRole('option', { name: member, exact: true }).click();
    // The picked mention replaces what was typed after '@': type on only once it is in the box.
    await this.page.waitForFunction(([el, mention]) => (el as HTMLTextAreaElement).value.includes(mention), [
      await box.elementHandle(),
      `@${member}`,
    ] as const);
    await box.pressSequentially(after);
    const count = await this.comments.count();
    await this.panel.getByRole('button', { name: 'Add comment' }).click();
    await this.comments.nth(count).waitFor();
  }

  /** The state as written (the badge's capitals are only its style). */
  async stateText(): Promise<string> {
    return ((await this.state.textContent()) ?? '').trim();
  }

  async eventTexts(): Promise<string[]> {
    return (await this.events.allInnerTexts()).map((t) => t.split(' · ').slice(0, 2).join(' · '));
  }
}
