import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import dimse from 'dcmjs-dimse';
import type { Deps } from '../../deps';
import { ingestInstances } from '../dicomweb/ingest';
import { decideAssociation } from './ae-policy';
import { aeTeams, receiverContext } from './receiver';

type Association = dimse.association.Association;
type Dataset = dimse.Dataset;

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

/** The dataset as a DICOM Part 10 file (dcmjs-dimse writes one to a path only). */
async function part10(dataset: Dataset): Promise<Uint8Array> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'voxa-dimse-'));
  try {
    const file = path.join(dir, 'instance.dcm');
    await new Promise<void>((resolve, reject) =>
      dataset.toFile(file, (error) => (error ? reject(error) : resolve())),
    );
    return new Uint8Array(await readFile(file));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

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
    private received: Promise<Uint8Array>[] = [];

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
      if (!dataset) response.setStatus(Status.ProcessingFailure);
      else {
        const bytes = part10(dataset);
        bytes.catch(() => undefined); // reported when the association's instances are ingested
        this.received.push(bytes);
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

async function ingest(deps: Deps, teamId: number, received: Promise<Uint8Array>[]): Promise<void> {
  const ctx = await receiverContext(deps.db, teamId);
  if (!ctx) throw new Error('the team has no member to store as');
  const settled = await Promise.allSettled(received);
  const instances = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const outcome = await ingestInstances(deps, ctx, instances);
  deps.log.info(
    {
      teamId,
      stored: outcome.stored.length,
      failed: outcome.failed.length + settled.length - instances.length,
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
