import type { Writable } from 'node:stream';
import dimse from 'dcmjs-dimse';
import type { Deps } from '../../deps';
import { ingestInstances } from '../dicomweb/ingest';
import { decideAssociation } from './ae-policy';
import { part10File } from './part10';
import { aeTeams, receiverContext } from './receiver';

type Association = dimse.association.Association;
type Dataset = dimse.Dataset;
type PresentationContext = dimse.association.PresentationContext;

const { PresentationContextResult, RejectReason, RejectResult, RejectSource, SopClass, Status } =
  dimse.constants;
const { StorageClass, TransferSyntax } = dimse.constants;

const STORAGE_CLASSES = new Set<string>(Object.values(StorageClass));
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
    if (sopClass !== SopClass.Verification && !STORAGE_CLASSES.has(sopClass)) {
      context.setResult(PresentationContextResult.RejectAbstractSyntaxNotSupported);
      continue;
    }
    const proposed = context.getTransferSyntaxUids();
    const syntax = TRANSFER_SYNTAXES.find((ts) => proposed.includes(ts));
    if (syntax) context.setResult(PresentationContextResult.Accept, syntax);
    else context.setResult(PresentationContextResult.RejectTransferSyntaxesNotSupported);
  }
}

/** An SCP class bound to the deployment: one instance per association. */
function scpClass(deps: Deps) {
  return class VoxaScp extends dimse.Scp {
    private teamId: number | null = null;
    /** What a store of this association received, ingested when the association is released. */
    private received: Uint8Array[] = [];

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
      if (!dataset || !bytes) response.setStatus(Status.ProcessingFailure);
      else {
        const meta = {
          sopClassUid: request.getAffectedSopClassUid(),
          sopInstanceUid: request.getAffectedSopInstanceUid(),
          transferSyntaxUid: dataset.getTransferSyntaxUid(),
        };
        this.received.push(part10File(meta, bytes));
        response.setStatus(Status.Success);
      }
      callback(response);
    }

    override associationReleaseRequested(): void {
      this.sendAssociationReleaseResponse();
      const { teamId, received } = this;
      this.received = [];
      if (teamId === null || received.length === 0) return;
      // The caller does not wait for conversion: the studies appear in the team as they convert.
      void ingest(deps, teamId, received).catch((error: unknown) =>
        deps.log.error({ err: error, teamId }, 'DIMSE ingest failed'),
      );
    }
  };
}

async function ingest(deps: Deps, teamId: number, instances: Uint8Array[]): Promise<void> {
  const ctx = await receiverContext(deps.db, teamId);
  if (!ctx) throw new Error('the team has no member to store as');
  const outcome = await ingestInstances(deps, ctx, instances);
  deps.log.info(
    {
      teamId,
      stored: outcome.stored.length,
      failed: outcome.failed.length,
    },
    'DIMSE instances stored',
  );
}

export interface DimseScp {
  close(): void;
}

/** Listens for DICOM associations on `port` (C-ECHO, C-STORE into the team whose AE title is called). */
export function startDimseScp(deps: Deps, port: number): DimseScp {
  dimse.log.setLevel('silent');
  const server = new dimse.Server(scpClass(deps));
  server.on('networkError', (error: unknown) => deps.log.warn({ err: error }, 'DIMSE network error'));
  server.listen(port);
  return { close: () => server.close() };
}
