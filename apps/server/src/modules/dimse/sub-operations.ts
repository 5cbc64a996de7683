import dimse from 'dcmjs-dimse';
import type { StoredFile } from '../dicomweb/wado';

type Association = dimse.association.Association;
type CStoreRequest = dimse.requests.CStoreRequest;
type CStoreResponse = dimse.responses.CStoreResponse;

/** A C-MOVE or C-GET's C-STORE sub-operations so far (PS3.4 C.4.2.1.5). */
export interface SubOperations {
  remaining: number;
  completed: number;
  failed: number;
  warning: number;
}

/** Sub-operations complete, one or more failures or warnings (PS3.4 Table C.4-2). */
const SOME_FAILED = 0xb000;

/** Counts one sub-operation's C-STORE status. */
function tally(counts: SubOperations, status: number | null): void {
  counts.remaining -= 1;
  if (status === dimse.constants.Status.Success) counts.completed += 1;
  else if (status !== null && status >= 0xb000 && status <= 0xbfff) counts.warning += 1;
  else counts.failed += 1;
}

/** The final status of a retrieve whose sub-operations are all done. */
export const finalStatus = (counts: SubOperations) =>
  counts.failed + counts.warning > 0 ? SOME_FAILED : dimse.constants.Status.Success;

/** A C-STORE request's status once answered; null when it was never sent or never answered. */
function answered(request: CStoreRequest): Promise<number | null> {
  return new Promise((resolve) => {
    let status: number | null = null;
    request.on('response', (response: CStoreResponse) => (status = response.getStatus()));
    request.on('done', () => {
      // dcmjs-dimse keeps every request it sent for the association's life: its instance goes now.
      request.setDataset(new dimse.Dataset({}));
      resolve(status);
    });
  });
}

/** What sends C-STORE requests: the C-GET's own association, or one opened to a C-MOVE's destination. */
export interface StoreSender {
  /** Sends them in order: each one's status once answered, null when not sent or not answered. */
  sendAll(requests: CStoreRequest[]): Promise<number | null>[];
}

/**
 * Sends the files in order as C-STOREs, reporting the counts after each (the pending responses);
 * answers the final counts.
 */
export async function storeEach(
  files: readonly StoredFile[],
  sender: StoreSender,
  progress: (counts: SubOperations) => void,
): Promise<SubOperations> {
  const counts: SubOperations = { remaining: files.length, completed: 0, failed: 0, warning: 0 };
  const statuses = sender.sendAll(files.map((file) => new dimse.requests.CStoreRequest(file.path)));
  for (const status of statuses) {
    tally(counts, await status);
    if (counts.remaining > 0) progress({ ...counts });
  }
  return counts;
}

/**
 * A sender on the association a C-GET came on (its SCU proposed the storage contexts, PS3.4 C.4.3):
 * one request at a time, so only the one under way is read into memory.
 */
export function sameAssociation(association: Association, send: (r: CStoreRequest) => void): StoreSender {
  return {
    sendAll: (requests) => {
      let previous: Promise<unknown> = Promise.resolve();
      return requests.map((request) => {
        const status = previous.then(() => {
          // dcmjs-dimse skips, without a word, a request no context carries.
          if (!association.getAcceptedPresentationContextFromRequest(request)) return null;
          const answer = answered(request);
          send(request);
          return answer;
        });
        previous = status;
        return status;
      });
    },
  };
}

/** Where a C-MOVE sends: a destination AE the team configured. */
export interface MoveDestination {
  aeTitle: string;
  host: string;
  port: number;
}

/** A sender on a new association from `callingAe` (the team's AE title) to the destination. */
export function toDestination(destination: MoveDestination, callingAe: string): StoreSender {
  return {
    sendAll: (requests) => {
      const client = new dimse.Client();
      const statuses = requests.map((request) => {
        const status = answered(request);
        client.addRequest(request);
        return status;
      });
      // Refused or cut: what was not answered fails.
      const ended = new Promise<null>((resolve) => {
        for (const event of ['closed', 'associationRejected', 'networkError'])
          client.on(event, () => resolve(null));
      });
      client.send(destination.host, destination.port, callingAe, destination.aeTitle);
      return statuses.map((status) => Promise.race([status, ended]));
    },
  };
}
