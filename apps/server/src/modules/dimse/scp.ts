import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import dimse from 'dcmjs-dimse';
import type { Deps } from '../../deps';
import { decideAssociation } from './ae-policy';
import { part10File } from './part10';
import { aeTeams } from './receiver';
import { stageInstance, storeLeftovers, storeStaged } from './staged';
import { isStorageSopClass } from './storage-classes';

type Association = dimse.association.Association;
type Dataset = dimse.Dataset;
type PresentationContext = dimse.association.PresentationContext;

const { PresentationContextResult, RejectReason, RejectResult, RejectSource, SopClass, Status } =
  dimse.constants;
const { TransferSyntax } = dimse.constants;

/** Accepted as proposed, best first: uncompressed, then the encapsulated ones dcm2niix reads. */
const TRANSFER_SYNTAXES = [
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

/**
 * The bytes of each received dataset, as sent: a C-STORE's dataset is kept as it came and never parsed
 * by dcmjs (whose re-encoding loses private elements); the dataset handed to cStoreRequest is empty.
 */
const receivedBytes = new WeakMap<Dataset, Uint8Array>();

function acceptContexts(association: Association): void {
  for (const { id } of association.getPresentationContexts()) {
    const context = association.getPresentationContext(id);
    const sopClass = context.getAbstractSyntaxUid();
    if (sopClass !== SopClass.Verification && !isStorageSopClass(sopClass)) {
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
    /** The association's staging folder (not `association`: dcmjs-dimse's own field). */
    private readonly folder = randomUUID();
    private staged: Promise<boolean>[] = [];
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
        if (!receiving.stopping) this.storeReceived();
      });
    }

    override createDatasetFromStoreWritableStream(
      writable: Writable,
      context: PresentationContext,
      callback: (dataset: Dataset) => void,
    ): void {
      // The default store stream is dcmjs-dimse's memory stream.
      const bytes = (writable as Writable & { toBuffer(): Buffer }).toBuffer();
      const dataset = new dimse.Dataset({}, context.getAcceptedTransferSyntaxUid());
      receivedBytes.set(dataset, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
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

    override cStoreRequest(
      request: dimse.requests.CStoreRequest,
      callback: (r: dimse.responses.CStoreResponse) => void,
    ): void {
      const response = dimse.responses.CStoreResponse.fromRequest(request);
      const dataset = request.getDataset();
      const bytes = dataset && receivedBytes.get(dataset);
      if (!dataset || !bytes || this.teamId === null || this.ended) {
        response.setStatus(Status.ProcessingFailure);
        return callback(response);
      }
      const meta = {
        sopClassUid: request.getAffectedSopClassUid(),
        sopInstanceUid: request.getAffectedSopInstanceUid(),
        transferSyntaxUid: dataset.getTransferSyntaxUid(),
      };
      const file = part10File(meta, bytes);
      const status = stageInstance(deps, this.teamId, this.folder, this.staged.length, file).catch(
        (error: unknown) => {
          deps.log.error({ err: error, teamId: this.teamId }, 'DIMSE instance not staged');
          return Status.ProcessingFailure;
        },
      );
      this.staged.push(status.then((s) => s === Status.Success));
      void status.then((s) => {
        response.setStatus(s);
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
      const { teamId, staged, folder } = this;
      if (this.ended) return;
      this.ended = true;
      if (teamId === null || staged.length === 0) return void receiving.live.delete(folder);
      void Promise.all(staged)
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
