import { describe, expect, it } from 'vitest';
import type { call as apiCall } from '../../../lib/api';
import { teamPseudonyms } from './pseudonyms';

type Sent = { s: { id: string; n: string }[] };

/** A server that answers every name but the ones `skip` names, in reverse order. */
function fakeCall(skip: (name: string) => boolean = () => false) {
  const sent: Sent[] = [];
  const call = (async (_endpoint: unknown, args: { body: Sent }) => {
    sent.push(args.body);
    const decoded = args.body.s.map(({ id, n }) => ({
      id,
      name: new TextDecoder().decode(Uint8Array.from(atob(n), (c) => c.charCodeAt(0))),
    }));
    return {
      a: decoded
        .filter((d) => !skip(d.name))
        .map((d) => ({ id: d.id, n: `ANON-${d.name.length}` }))
        .reverse(),
    };
  }) as unknown as typeof apiCall;
  return { call, sent };
}

describe('teamPseudonyms', () => {
  it('answers each name’s pseudonym in the order given, sending the names base64 in one call', async () => {
    const { call, sent } = fakeCall();
    await expect(teamPseudonyms(call, ['DOE^JANE', 'MÜLLER^JÖRG^^'])).resolves.toEqual(['ANON-8', 'ANON-13']);
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent)).not.toContain('DOE');
  });

  it('asks nothing for no names', async () => {
    const { call, sent } = fakeCall();
    await expect(teamPseudonyms(call, [])).resolves.toEqual([]);
    expect(sent).toEqual([]);
  });

  it('never falls back to the original name when the server leaves one out', async () => {
    const { call } = fakeCall((name) => name === 'DOE^JANE');
    await expect(teamPseudonyms(call, ['X', 'DOE^JANE'])).rejects.toThrow(/no pseudonym/);
  });
});
