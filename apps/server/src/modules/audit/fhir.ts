import type { AuditRecord } from '@voxa/contracts';

/**
 * An audit record as a FHIR R4 AuditEvent (hl7.org/fhir/R4/auditevent.html), and a page of them as a
 * `collection` Bundle. Event types are DICOM's audit event ids (PS3.15 A.5); the Voxa action itself is the
 * subtype. Pure: the export routes and the unit tests share it.
 */

const DCM = 'http://dicom.nema.org/resources/ontology/DCM';
const VOXA_ACTION = 'urn:voxa:audit-action';
const ENTITY_TYPE = 'http://terminology.hl7.org/CodeSystem/audit-entity-type';
const ROLE_TYPE = 'http://terminology.hl7.org/CodeSystem/extra-security-role-type';
const SOURCE_TYPE = 'http://terminology.hl7.org/CodeSystem/security-source-type';

interface Coding {
  system: string;
  code: string;
  display?: string;
}

/** The FHIR action (C, R, U, D, E) and DICOM event type of each Voxa action. */
const EVENTS: Record<string, { action: 'C' | 'R' | 'U' | 'D' | 'E'; type: Coding }> = {
  viewed: { action: 'R', type: { system: DCM, code: '110103', display: 'DICOM Instances Accessed' } },
  downloaded: { action: 'R', type: { system: DCM, code: '110106', display: 'Export' } },
  exported: { action: 'R', type: { system: DCM, code: '110106', display: 'Export' } },
  created: { action: 'C', type: { system: DCM, code: '110103', display: 'DICOM Instances Accessed' } },
  changed: { action: 'U', type: { system: DCM, code: '110103', display: 'DICOM Instances Accessed' } },
  deleted: { action: 'D', type: { system: DCM, code: '110103', display: 'DICOM Instances Accessed' } },
  'ai-run': { action: 'E', type: { system: DCM, code: '110100', display: 'Application Activity' } },
  'user-switch.start': { action: 'E', type: { system: DCM, code: '110114', display: 'User Authentication' } },
  'user-switch.stop': { action: 'E', type: { system: DCM, code: '110114', display: 'User Authentication' } },
};
const OTHER = {
  action: 'E' as const,
  type: { system: DCM, code: '110100', display: 'Application Activity' },
};

/** FHIR's outcome codes: 0 success, 8 serious failure (the request failed). */
const OUTCOME = { success: '0', failure: '8' } as const;

export interface FhirAuditEvent {
  resourceType: 'AuditEvent';
  id: string;
  type: Coding;
  subtype: Coding[];
  action: 'C' | 'R' | 'U' | 'D' | 'E';
  recorded: string;
  outcome: '0' | '8';
  agent: FhirAgent[];
  source: { site: string; observer: { display: string }; type: Coding[] };
  entity: FhirEntity[];
}

interface FhirAgent {
  type: { coding: Coding[] };
  who: { identifier: { system: string; value: string }; display?: string };
  altId?: string;
  name?: string;
  requestor: boolean;
  network?: { address: string; type: '2' };
}

interface FhirEntity {
  what: { identifier: { system: string; value: string }; display?: string };
  type: Coding;
  detail?: { type: string; valueString: string }[];
}

export function toAuditEvent(r: AuditRecord): FhirAuditEvent {
  const event = EVENTS[r.action] ?? OTHER;
  return {
    resourceType: 'AuditEvent',
    id: String(r.id),
    type: event.type,
    subtype: [{ system: VOXA_ACTION, code: r.action }],
    action: event.action,
    recorded: r.created_at,
    outcome: OUTCOME[r.outcome],
    agent: agents(r),
    source: {
      site: r.team?.slug ?? 'platform',
      observer: { display: 'Voxa' },
      type: [{ system: SOURCE_TYPE, code: '4', display: 'Application Server' }],
    },
    entity: entities(r),
  };
}

function agents(r: AuditRecord): FhirAgent[] {
  const actor: FhirAgent = {
    type: { coding: [{ system: ROLE_TYPE, code: r.api_user_id === null ? 'humanuser' : 'dataprocessor' }] },
    who: {
      identifier: {
        system: r.api_user_id === null ? 'urn:voxa:user' : 'urn:voxa:api-user',
        value: String(r.api_user_id ?? r.actor_id ?? 'unknown'),
      },
      ...(r.actor !== null && { display: r.actor }),
    },
    ...(r.session_id !== null && { altId: r.session_id }),
    ...(r.actor_name !== null && { name: r.actor_name }),
    requestor: r.impersonator_id === null,
    ...(r.remote_address !== null && { network: { address: r.remote_address, type: '2' as const } }),
  };
  if (r.impersonator_id === null) return [actor];
  // The administrator acting as the actor through /user-switch made the request.
  const administrator: FhirAgent = {
    type: { coding: [{ system: ROLE_TYPE, code: 'humanuser' }] },
    who: { identifier: { system: 'urn:voxa:user', value: String(r.impersonator_id) } },
    requestor: true,
    ...(r.remote_address !== null && { network: { address: r.remote_address, type: '2' as const } }),
  };
  return [actor, administrator];
}

function entities(r: AuditRecord): FhirEntity[] {
  const list: FhirEntity[] = [];
  if (r.subject_type !== null && r.subject_id !== null) {
    const details = Object.entries(r.data).map(([type, value]) => ({
      type,
      valueString: typeof value === 'string' ? value : JSON.stringify(value),
    }));
    list.push({
      what: {
        identifier: { system: `urn:voxa:${r.subject_type}`, value: r.subject_id },
        ...(r.subject !== null && { display: r.subject }),
      },
      type: { system: ENTITY_TYPE, code: '2', display: 'System Object' },
      ...(details.length > 0 && { detail: details }),
    });
  }
  if (r.study_id !== null && r.subject_type !== 'study') {
    list.push({
      what: { identifier: { system: 'urn:voxa:study', value: String(r.study_id) } },
      type: { system: ENTITY_TYPE, code: '2', display: 'System Object' },
    });
  }
  return list;
}

/** A page of records as one Bundle of type `collection`, stamped with when it was made. */
export function toAuditBundle(records: readonly AuditRecord[], now: Date) {
  return {
    resourceType: 'Bundle' as const,
    type: 'collection' as const,
    timestamp: now.toISOString(),
    entry: records.map((r) => ({ resource: toAuditEvent(r) })),
  };
}
