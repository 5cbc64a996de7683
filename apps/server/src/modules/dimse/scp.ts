import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import dimse from 'dcmjs-dimse';
import type { Deps } from '../../deps';
import { FAILURE } from '../dicomweb/ingest';
import { decideAssociation } from './ae-policy';
import { dimseInstanceKey } from '../../platform/storage/layout';
import { part10Header } from './part10';
import { answerFind, answerRetrieve, QUERY_RETRIEVE_CLASSES, type QrScope } from './query-retrieve';
import { aeTeams } from './receiver';
import { isStorageSopClass } from './storage-classes';
import { moveDestinations } from './settings';
import { sameAssociation, toDestination } from './sub-operations';
import { stageStream, storeLeftovers, storeStaged, type Staging } from './staged';

type Association = dimse.association.Association;
type Dataset = dimse.Dataset;
type PresentationContext = dimse.association.PresentationContext;

const { PresentationContextResult, RejectReason, RejectResult, RejectSource, SopClass, Status } =
  dimse.constants;
const { TransferSyntax } = dimse.constants;

/** Accepted as proposed, best first: uncompressed, then the encapsulated ones dcm2niix reads. */
export const TRANSFER_SYNTAXES = [
  TransferSyntax.ExplicitVRLittleEndian,
  TransferSyntax.ImplicitVRLittleEndian,
  TransferSyntax.DeflatedExplicitVRLittleEndian,
  TransferSyntax.JpegLossless,
  TransferSyntax.JpegBaseline,
  TransferSyntax.JpegLsLossless,
  TransferSyntax.JpegLsLossy,
  TransferSyntax.Jpeg2000Lossless,
  TransferSyntax.Jpeg2000Lossy,
  TransferSyntax.RleLossless,
];

/** Refused: Out of Resources (PS3.4 Table B.2-1): an instance past DIMSE_MAX_INSTANCE_BYTES. */
const OUT_OF_RESOURCES = 0xa700;

/**
 * How each received dataset's staging ended: a C-STORE's dataset is written to disk as it comes and
 * never parsed by dcmjs (whose re-encoding loses private elements); the dataset handed to cStoreRequest
 * is empty.
 */
const stagingOf = new WeakMap<Writable | Dataset, Promise<Staging>>();

function acceptContexts(association: Association): void {
  for (const { id } of association.getPresentationContexts()) {
    const context = association.getPresentationContext(id);
    const sopClass = context.getAbstractSyntaxUid();
    const served = sopClass === SopClass.Verification || QUERY_RETRIEVE_CLASSES.has(sopClass);
    if (!served && !isStorageSopClass(sopClass)) {
      context.setResult(PresentationContextResult.RejectAbstractSyntaxNotSupported);
      continue;
    }
    const proposed = context.getTransferSyntaxUids();
    const syntax = TRANSFER_SYNTAXES.find((ts) => proposed.includes(ts));
    if (syntax) context.setResult(PresentationContextResult.Accept, syntax);
    else context.setResult(PresentationContextResult.RejectTransferSyntaxesNotSupported);
  }
}

/** What the SCP's associations share: whether the process is stopping, and the staging folders in use. */
interface Receiving {
  stopping: boolean;
  live: Set<string>;
}

/**
 * An SCP class bound to the deployment: one instance per association. Each C-STORE is answered once its
 * instance is staged on disk; the association's instances are stored when it ends (staged.ts).
 */
function scpClass(deps: Deps, receiving: Receiving) {
  return class VoxaScp extends dimse.Scp {
    private teamId: number | null = null;
    /** The accepted association and the team it acts for (Query/Retrieve). */
    private accepted: { association: Association; scope: QrScope } | null = null;
    /** The association's staging folder (not `association`: dcmjs-dimse's own field). */
    private readonly folder = randomUUID();
    /** Each instance's staging as it was received, settled or under way. */
    private readonly stagings: Promise<Staging>[] = [];
    /** The dataset being received, cut part way when the connection closes before its end. */
    private receiving: Writable | null = null;
    private ended = false;

    /** The association's TCP connection, closed after an A-ABORT (PS3.8 7.3.2.1). */
    private readonly connection: ConstructorParameters<typeof dimse.Scp>[0];

    constructor(...args: ConstructorParameters<typeof dimse.Scp>) {
      super(...args);
      this.connection = args[0];
      receiving.live.add(this.folder);
      // Released, aborted or cut: what was answered Success is stored either way. A process that is
      // stopping leaves it staged for its next start.
      this.on('close', () => {
        if (this.receiving && !this.receiving.writableEnded) this.receiving.destroy();
        if (!receiving.stopping) this.storeReceived();
      });
    }

    /** Not dcmjs-dimse's memory stream: the instance's staged file, appended to as fragments arrive. */
    override createStoreWritableStream(
      context: PresentationContext,
      request: dimse.requests.CStoreRequest,
    ): Writable {
      const header = part10Header({
        sopClassUid: request.getAffectedSopClassUid(),
        sopInstanceUid: request.getAffectedSopInstanceUid(),
        // An accepted context has its syntax; DICOM's default otherwise.
        transferSyntaxUid: context.getAcceptedTransferSyntaxUid() ?? TransferSyntax.ImplicitVRLittleEndian,
      });
      // Accepted associations only carry C-STOREs: the team is known.
      const key = dimseInstanceKey(this.teamId ?? 0, this.folder, this.stagings.length);
      const limit = deps.config.DIMSE_MAX_INSTANCE_BYTES;
      const { writable, staged } = stageStream(deps, key, header, limit, this.connection);
      this.stagings.push(staged);
      this.receiving = writable;
      stagingOf.set(writable, staged);
      return writable;
    }

    override createDatasetFromStoreWritableStream(
      writable: Writable,
      context: PresentationContext,
      callback: (dataset: Dataset) => void,
    ): void {
      const dataset = new dimse.Dataset({}, context.getAcceptedTransferSyntaxUid());
      const staged = stagingOf.get(writable);
      if (staged) stagingOf.set(dataset, staged);
      callback(dataset);
    }

    override associationRequested(association: Association): void {
      void this.decide(association).catch((error: unknown) => {
        deps.log.error({ err: error }, 'DIMSE association failed');
        this.sendAssociationReject(
          RejectResult.Transient,
          RejectSource.ServiceUser,
          RejectReason.NoReasonGiven,
        );
      });
    }

    private async decide(association: Association): Promise<void> {
      const called = association.getCalledAeTitle();
      const calling = association.getCallingAeTitle();
      const decision = decideAssociation(await aeTeams(deps.db), called, calling);
      if (!decision.ok) {
        deps.log.info({ called, calling, reason: decision.reason }, 'DIMSE association rejected');
        const reason =
          decision.reason === 'called-ae-unknown'
            ? RejectReason.CalledAeNotRecognized
            : RejectReason.CallingAeNotRecognized;
        this.sendAssociationReject(RejectResult.Permanent, RejectSource.ServiceUser, reason);
        return;
      }
      this.teamId = decision.teamId;
      this.accepted = { association, scope: { deps, teamId: decision.teamId, aeTitle: called } };
      acceptContexts(association);
      this.sendAssociationAccept();
    }

    override cEchoRequest(
      request: dimse.requests.CEchoRequest,
      callback: (r: dimse.responses.CEchoResponse) => void,
    ) {
      const response = dimse.responses.CEchoResponse.fromRequest(request);
      response.setStatus(Status.Success);
      callback(response);
    }

    override cFindRequest(
      request: dimse.requests.CFindRequest,
      callback: (r: dimse.responses.CFindResponse[]) => void,
    ): void {
      if (this.accepted) void answerFind(this.accepted.scope, request, callback);
    }

    override cGetRequest(
      request: dimse.requests.CGetRequest,
      callback: (r: dimse.responses.CGetResponse[]) => void,
    ): void {
      if (!this.accepted) return;
      const sender = sameAssociation(this.accepted.association, (r) => this.sendRequests(r));
      const response = () => dimse.responses.CGetResponse.fromRequest(request);
      void answerRetrieve(this.accepted.scope, request, response, async () => sender, {
        pending: (r) => this.sendResponse(request, r),
        final: callback,
      });
    }

    override cMoveRequest(
      request: dimse.requests.CMoveRequest,
      callback: (r: dimse.responses.CMoveResponse[]) => void,
    ): void {
      if (!this.accepted) return;
      const { scope } = this.accepted;
      const response = () => dimse.responses.CMoveResponse.fromRequest(request);
      const title = request.getCommandDataset().getElement('MoveDestination')?.trim().toUpperCase();
      const sender = async () => {
        const destination = (await moveDestinations(deps.db, scope.teamId)).find((d) => d.aeTitle === title);
        if (destination) return toDestination(destination, scope.aeTitle);
        const unknown = response();
        unknown.setStatus(Status.MoveDestinationUnknown);
        unknown.setErrorComment(`Unknown move destination: ${title ?? ''}`.slice(0, 64));
        return unknown;
      };
      void answerRetrieve(scope, request, response, sender, {
        pending: (r) => this.sendResponse(request, r),
        final: callback,
      });
    }

    override cStoreRequest(
      request: dimse.requests.CStoreRequest,
      callback: (r: dimse.responses.CStoreResponse) => void,
    ): void {
      const response = dimse.responses.CStoreResponse.fromRequest(request);
      const dataset = request.getDataset();
      const staged = dataset && stagingOf.get(dataset);
      if (!staged || this.teamId === null || this.ended) {
        response.setStatus(Status.ProcessingFailure);
        return callback(response);
      }
      void staged.then((outcome) => {
        if (outcome === 'too-large')
          deps.log.info(
            { teamId: this.teamId, limit: deps.config.DIMSE_MAX_INSTANCE_BYTES },
            'DIMSE instance refused: past DIMSE_MAX_INSTANCE_BYTES',
          );
        const statuses = {
          staged: Status.Success,
          'too-large': OUT_OF_RESOURCES,
          'cannot-understand': FAILURE.cannotUnderstand,
          failed: Status.ProcessingFailure,
        };
        response.setStatus(statuses[outcome]);
        callback(response);
      });
    }

    override associationReleaseRequested(): void {
      this.sendAssociationReleaseResponse();
      this.storeReceived();
    }

    /** The sender gave the association up (A-ABORT): what it was answered Success for is stored all the same. */
    override abort(): void {
      this.storeReceived();
      this.connection.end();
    }

    /** Once, when the association ends: its staged instances are stored (the sender does not wait). */
    private storeReceived(): void {
      const { teamId, stagings, folder } = this;
      if (this.ended) return;
      this.ended = true;
      if (teamId === null || stagings.length === 0) return void receiving.live.delete(folder);
      // Every staging settles: written, refused, failed, or cut with the connection.
      void Promise.all(stagings)
        .then(() => storeStaged(deps, teamId, folder))
        .catch((error: unknown) =>
          deps.log.error({ err: error, teamId, association: folder }, 'DIMSE ingest failed'),
        )
        .finally(() => receiving.live.delete(folder));
    }
  };
}

export interface DimseScp {
  close(): void;
}

/** Listens for DICOM associations on `port` (C-ECHO, C-STORE into the team whose AE title is called). */
export function startDimseScp(deps: Deps, port: number): DimseScp {
  dimse.log.setLevel('silent');
  const receiving: Receiving = { stopping: false, live: new Set() };
  const server = new dimse.Server(scpClass(deps, receiving));
  server.on('networkError', (error: unknown) => deps.log.warn({ err: error }, 'DIMSE network error'));
  server.listen(port);
  // Not the folders of associations this process has under way (a PACS may call at once).
  void storeLeftovers(deps, (folder) => receiving.live.has(folder)).catch((error: unknown) =>
    deps.log.error({ err: error }, 'DIMSE leftover instances not stored'),
  );
  return {
    close: () => {
      receiving.stopping = true;
      server.close();
    },
  };
}
