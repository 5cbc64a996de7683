/**
 * The web page's upload client driven from Node for the benches: the first administrator and a team
 * signed in with a socket, the page's `call`, and the plan Process makes for one study of one series.
 */
/* global fetch -- Node's own, the one the web uploader uses here */
import { io } from 'socket.io-client';
import { SOCKET_PATH, hostPrefix } from '@voxa/contracts';
import { fillPath, queryString } from '../../apps/web/src/lib/request.ts';

/** The page's `call` for Node: one contract endpoint, JSON in and out, the signed-in headers. */
export function caller(url, headers) {
  return async (endpoint, args = {}) => {
    const target = `${url}${hostPrefix(endpoint)}${fillPath(endpoint.path, args.params)}${queryString(args.query)}`;
    const res = await fetch(target, {
      method: endpoint.method,
      headers: {
        ...headers(),
        Accept: 'application/json',
        ...(args.body !== undefined && { 'Content-Type': 'application/json' }),
      },
      body: args.body === undefined ? undefined : JSON.stringify(args.body),
      signal: args.signal,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${endpoint.method} ${endpoint.path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

/** The first administrator, a team, and a socket joined to it, as the page has them after sign-in. */
export async function signIn(url, team) {
  const post = async (route, body, headers = {}) => {
    const res = await fetch(`${url}/api${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${route}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const { token, user } = await post('/install', {
    name: 'Bench',
    email: 'bench@example.org',
    password: 'bench password 1',
  });
  await post('/teams', { title: 'Bench', slug: team }, { authorization: `Bearer ${token}` });
  const headers = () => ({
    Authorization: `Bearer ${token}`,
    Team: team,
    'X-Requested-With': 'XMLHttpRequest',
  });
  const socket = io(url, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'] });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  socket.emit('set-team-user', { team, user: user.id });
  return { headers, socket, token };
}

/** The page's plan after Process for one study of one series (what ingest and recognition would give). */
export function planOf(refs, round, anonymize) {
  const series = {
    id: `series-${round}`,
    type: 'dcm',
    seriesNumber: 1,
    seriesDescription: 'Bench CT',
    protocolName: null,
    modalityCode: 'CT',
    acquisitionCode: 'NONE',
    score: 0,
    ref_serie: true,
    sort: 0,
    cnt: refs.length,
    numberOfFrames: 1,
    rows: 512,
    columns: 512,
    files: refs,
    status: null,
    dbAttributes: null,
  };
  const study = {
    id: `study-${round}`,
    patientName: 'Bench^Patient',
    originalPatientName: 'Bench^Patient',
    patientSex: null,
    studyDate: null,
    studyTime: null,
    modality: 'CT',
    pipelineCode: null,
    studyInstanceUid: `2.25.${Date.now()}${round}`,
    labels: [],
    series: [series],
  };
  return { session: null, studies: [{ study, anonymize, series: [series] }] };
}
