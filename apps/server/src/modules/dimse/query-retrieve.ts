import dimse from 'dcmjs-dimse';
import type { Deps } from '../../deps';
import { findMatches, findRequest } from './find';
import { filesToRetrieve, retrieveRequest } from './retrieve';
import { finalStatus, storeEach, type StoreSender, type SubOperations } from './sub-operations';

type CFindRequest = dimse.requests.CFindRequest;
type CFindResponse = dimse.responses.CFindResponse;
type CGetRequest = dimse.requests.CGetRequest;
type CGetResponse = dimse.responses.CGetResponse;
type CMoveRequest = dimse.requests.CMoveRequest;
type CMoveResponse = dimse.responses.CMoveResponse;

const { Status } = dimse.constants;

/** The Query/Retrieve information models served (PS3.4 C.6): Patient Root and Study Root. */
export const QUERY_RETRIEVE_CLASSES = new Set([
  '1.2.840.10008.5.1.4.1.2.1.1', // Patient Root Find
  '1.2.840.10008.5.1.4.1.2.1.2', // Patient Root Move
  '1.2.840.10008.5.1.4.1.2.1.3', // Patient Root Get
  '1.2.840.10008.5.1.4.1.2.2.1', // Study Root Find
  '1.2.840.10008.5.1.4.1.2.2.2', // Study Root Move
  '1.2.840.10008.5.1.4.1.2.2.3', // Study Root Get
]);

/** Identifier does not match SOP Class (PS3.4 Table C.4-1): a level or key the SCP cannot serve. */
const IDENTIFIER_MISMATCH = 0xa900;
/** Unable to process (PS3.4 Table C.4-1). */
const UNABLE_TO_PROCESS = 0xc000;

/** What the handlers act for: the team the called AE title names. */
export interface QrScope {
  deps: Deps;
  teamId: number;
  aeTitle: string;
}

type Failing = CFindResponse | CGetResponse | CMoveResponse;

function failed<R extends Failing>(response: R, status: number, comment: string): R {
  response.setStatus(status);
  response.setErrorComment(comment.slice(0, 64));
  return response;
}

/** C-FIND: a pending response per match, then Success (PS3.4 C.4.1). */
export async function answerFind(
  scope: QrScope,
  request: CFindRequest,
  callback: (responses: CFindResponse[]) => void,
): Promise<void> {
  const response = () => dimse.responses.CFindResponse.fromRequest(request);
  const find = findRequest(request.getDataset()?.getElements() ?? {});
  if (!find.ok) return callback([failed(response(), IDENTIFIER_MISMATCH, find.message)]);
  try {
    const matches = await findMatches(scope.deps.db, scope.teamId, find, scope.aeTitle);
    const pending = matches.map((match) => {
      const r = response();
      r.setDataset(new dimse.Dataset(match));
      r.setStatus(Status.Pending);
      return r;
    });
    const done = response();
    done.setStatus(Status.Success);
    callback([...pending, done]);
  } catch (error) {
    scope.deps.log.error({ err: error, teamId: scope.teamId }, 'DIMSE C-FIND failed');
    callback([failed(response(), UNABLE_TO_PROCESS, 'The search failed')]);
  }
}

type Retrieve = CGetRequest | CMoveRequest;
type RetrieveResponse = CGetResponse | CMoveResponse;

function withCounts<R extends RetrieveResponse>(response: R, counts: SubOperations, status: number): R {
  response.setStatus(status);
  response.setRemaining(counts.remaining);
  response.setCompleted(counts.completed);
  response.setFailures(counts.failed);
  response.setWarnings(counts.warning);
  return response;
}

/**
 * C-GET or C-MOVE: the named instances sent as C-STORE sub-operations through `sender` (the same
 * association, or one opened to the destination), a pending response after each, then the final one
 * with the counts (PS3.4 C.4.2, C.4.3).
 * `sender` may answer a response instead (a C-MOVE destination the team does not have).
 */
export async function answerRetrieve<R extends RetrieveResponse>(
  scope: QrScope,
  request: Retrieve,
  response: () => R,
  sender: () => Promise<StoreSender | R>,
  answer: { pending: (response: R) => void; final: (responses: R[]) => void },
): Promise<void> {
  // dcmjs-dimse's callback sends once (an async-event-emitter2 `next`): the pending ones go on their own.
  const callback = answer.final;
  const retrieve = retrieveRequest(request.getDataset()?.getElements() ?? {});
  if (!retrieve.ok) return callback([failed(response(), IDENTIFIER_MISMATCH, retrieve.message)]);
  try {
    const files = await filesToRetrieve(scope.deps, scope.teamId, retrieve.targets);
    const to = await sender();
    if (!('sendAll' in to)) return callback([to]);
    const counts = await storeEach(files, to, (c) =>
      answer.pending(withCounts(response(), c, Status.Pending)),
    );
    callback([withCounts(response(), counts, finalStatus(counts))]);
  } catch (error) {
    scope.deps.log.error({ err: error, teamId: scope.teamId }, 'DIMSE retrieve failed');
    callback([failed(response(), UNABLE_TO_PROCESS, 'The retrieve failed')]);
  }
}
