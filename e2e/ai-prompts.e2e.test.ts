import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiPromptsPages } from './pages/AiPromptsPages';
import { Sidebar } from './pages/Sidebar';
import { uploadSeriesThroughApi } from './support/apiUpload';
import { startAnsweringModel, type AnsweringModel } from './support/answeringModel';
import { screenshot, type Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { memberOfTeam } from './support/member';
import { ownerOfNewTeam } from './support/owner';
import { newCredentials } from './support/people';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';
import { TESTDATA_DIR } from './support/testdata';

/** One slice of a real CT series (Siemens, TotalSegmentator's example), stored as a one-file series. */
const CT_FILE = path.join(
  TESTDATA_DIR,
  'segmentation/totalsegmentator/example_ct_dicom/CT.1.3.12.2.1107.5.1.4.60064.30000022120808113428000016573',
);
const EDITED = {
  system:
    'You are the Prompt Lab classifier. Pick one {{modality}} phase per series among:\n{{codes}}\n' +
    'Answer only with JSON: {"series":[{"id":"<id>","acquisitionCode":"<code>","score":<0..1>}]}.',
  user: 'The series: {{series}}',
};

/**
 * AI prompts (issue 16 item 4): an administrator edits the CT acquisition prompt, sees its new version,
 * runs it on a stored real series against the model (a local OpenAI-compatible stand-in) and sees the
 * messages, the raw answer and the result; a team member who is no administrator neither sees nor opens
 * the pages.
 */
describe.skipIf(e2eSkipReason())('AI prompts, end to end', () => {
  let model: AnsweringModel | undefined;
  const env: Record<string, string> = {};
  // Before setupE2e's own beforeAll, which starts the server with `env`.
  beforeAll(async () => {
    model = await startAnsweringModel('PV');
    env.LLM_URL = model.url;
  });
  afterAll(() => model?.close());
  const e2e = setupE2e(env);
  stepsOfOneStory();
  const team = { title: 'Prompt Lab', slug: 'prompt-lab' };
  const teamUrl = () => e2e.server.teamUrl(team.slug);
  const asked = () => (model as AnsweringModel).requests;
  let admin: Person;
  let prompts: AiPromptsPages;

  it('an administrator stores a real CT series in a new team', async () => {
    admin = await ownerOfNewTeam(e2e, newCredentials('Ada Admin'), team);
    await uploadSeriesThroughApi(admin.page, e2e.server.baseUrl, team.slug, CT_FILE, 'CT');
  }, 180_000);

  it('finds AI prompts in the sidebar: one per modality, CT at version 1', async () => {
    await admin.page.goto(`${teamUrl()}/dashboard`);
    await new Sidebar(admin.page).link('AI prompts').click();
    prompts = new AiPromptsPages(admin.page);
    await prompts.table.waitFor();
    await expect(prompts.listedActiveVersion('CT')).resolves.toBe('v1');
    await expect(prompts.row('MR').count()).resolves.toBe(1);
  });

  it('refuses a template with an unknown placeholder, then saves the edit as version 2, active', async () => {
    await prompts.openPrompt('CT');
    await expect(prompts.versionList()).resolves.toEqual(['v1 active']);
    await prompts.edit();
    await prompts.fillTexts({ system: 'Classify {{patient}} in JSON.', user: '{{series}}' });
    await prompts.saveVersion();
    await admin.page.getByText('Unknown placeholder {{patient}}').waitFor();
    await prompts.fillTexts(EDITED);
    await prompts.saveVersion();
    await prompts.detail.waitFor();
    await expect(prompts.activeVersion()).resolves.toBe('v2');
    await expect(prompts.versionList()).resolves.toEqual(['v2 active', 'v1']);
    await expect(prompts.version(2).getByTestId('ai-prompt-version-system').innerText()).resolves.toBe(
      EDITED.system,
    );
  });

  it('runs the new version on the stored series’ header and shows what was sent and answered', async () => {
    await prompts.pickSeries('anon', 'ANON-XA');
    await prompts.run();
    const system = await prompts.sentMessage('system');
    expect(system).toContain('You are the Prompt Lab classifier. Pick one CT phase per series among:');
    expect(system).toContain('CT: NONE, NATIVE, AR, PV, DL');
    const user = await prompts.sentMessage('user');
    expect(user).toMatch(/^The series: \{"series":\[\{"id":"[0-9a-f-]{36}","modality":"CT"/);
    // What the box shows is what the model received.
    expect(asked().at(-1)?.messages).toEqual([
      { role: 'system', content: system },
      { role: 'user', content: user },
    ]);
    await expect(prompts.rawAnswer()).resolves.toContain('"acquisitionCode":"PV","score":0.77');
    await expect(prompts.answeredCodes()).resolves.toEqual(['PV']);
    await expect(prompts.testResult.getAttribute('data-source')).resolves.toBe('llm');
    await screenshot(admin.page, 'ai-prompt-test-box');
  });

  it('reverts to version 1, which the list then shows as active', async () => {
    await prompts.activate(1);
    await expect(prompts.versionList()).resolves.toEqual(['v2', 'v1 active']);
    await prompts.open(teamUrl());
    await expect(prompts.listedActiveVersion('CT')).resolves.toBe('v1');
  });

  it('creates a prompt for a modality that had none', async () => {
    await prompts.create('US', EDITED);
    await expect(prompts.versionList()).resolves.toEqual(['v1 active']);
    await prompts.open(teamUrl());
    await expect(prompts.listedActiveVersion('US')).resolves.toBe('v1');
    expect(admin.errors).toEqual([]);
  });

  it('a member who is no administrator has no link and is sent to the dashboard', async () => {
    const member = await memberOfTeam(e2e, admin, team, newCredentials('Mo Member'), 'Member');
    const names = await new Sidebar(member.page).linkNames();
    expect(names).not.toContain('AI prompts');
    await member.page.goto(`${teamUrl()}/ai-prompt`);
    await member.page.waitForURL(`${teamUrl()}/dashboard`);
  });
});

/** Without LLM_URL the test box says no model is configured and shows the rules' answer. */
describe.skipIf(e2eSkipReason())('AI prompts without a model, end to end', () => {
  const e2e = setupE2e();
  stepsOfOneStory();
  const team = { title: 'Rules Lab', slug: 'rules-lab' };

  it('runs the CT prompt on a stored series: no model, the rules answer', async () => {
    const admin = await ownerOfNewTeam(e2e, newCredentials('Rafa Rules'), team);
    await uploadSeriesThroughApi(admin.page, e2e.server.baseUrl, team.slug, CT_FILE, 'CT');
    const prompts = new AiPromptsPages(admin.page);
    await prompts.open(e2e.server.teamUrl(team.slug));
    await prompts.openPrompt('CT');
    await prompts.pickSeries('anon', 'ANON-XA');
    await prompts.run();
    await prompts.testResult.getByTestId('ai-prompt-no-model').waitFor();
    await expect(prompts.testResult.getAttribute('data-source')).resolves.toBe('rules');
    await expect(prompts.testResult.getByTestId('ai-prompt-test-raw').count()).resolves.toBe(0);
    await expect(prompts.answeredCodes()).resolves.toHaveLength(1);
    await expect(prompts.sentMessage('system')).resolves.toMatch(/^You classify medical imaging series/);
    expect(admin.errors).toEqual([]);
  }, 180_000);
});
