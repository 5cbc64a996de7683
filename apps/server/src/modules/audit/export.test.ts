import type { AuditRecord } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { auditCsv } from './csv';
import { toAuditBundle, toAuditEvent } from './fhir';

const record = (over: Partial<AuditRecord> = {}): AuditRecord => ({
  id: 7,
  created_at: '2026-11-26T10:00:00.000Z',
  actor: 'mia@example.org',
  actor_id: 3,
  actor_name: 'Mia Member',
  api_user_id: null,
  impersonator_id: null,
  session_id: 'sess-1',
  remote_address: '203.0.113.7',
  user_agent: 'Chromium',
  team: { id: 2, slug: 'acme' },
  action: 'viewed',
  subject_type: 'study',
  subject_id: '11',
  subject: null,
  study_id: 11,
  outcome: 'success',
  data: {},
  ...over,
});

describe('FHIR AuditEvent', () => {
  it('maps a study view to a read of DICOM instances by a person from an address', () => {
    expect(toAuditEvent(record())).toEqual({
      resourceType: 'AuditEvent',
      id: '7',
      type: {
        system: 'http://dicom.nema.org/resources/ontology/DCM',
        code: '110103',
        display: 'DICOM Instances Accessed',
      },
      subtype: [{ system: 'urn:voxa:audit-action', code: 'viewed' }],
      action: 'R',
      recorded: '2026-11-26T10:00:00.000Z',
      outcome: '0',
      agent: [
        {
          type: {
            coding: [
              { system: 'http://terminology.hl7.org/CodeSystem/extra-security-role-type', code: 'humanuser' },
            ],
          },
          who: { identifier: { system: 'urn:voxa:user', value: '3' }, display: 'mia@example.org' },
          altId: 'sess-1',
          name: 'Mia Member',
          requestor: true,
          network: { address: '203.0.113.7', type: '2' },
        },
      ],
      source: {
        site: 'acme',
        observer: { display: 'Voxa' },
        type: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/security-source-type',
            code: '4',
            display: 'Application Server',
          },
        ],
      },
      entity: [
        {
          what: { identifier: { system: 'urn:voxa:study', value: '11' } },
          type: {
            system: 'http://terminology.hl7.org/CodeSystem/audit-entity-type',
            code: '2',
            display: 'System Object',
          },
        },
      ],
    });
  });

  it('maps actions to C, R, U, D and E, failures to outcome 8', () => {
    const action = (a: string) => toAuditEvent(record({ action: a })).action;
    expect(
      ['created', 'viewed', 'downloaded', 'exported', 'changed', 'deleted', 'ai-run', 'install'].map(action),
    ).toEqual(['C', 'R', 'R', 'R', 'U', 'D', 'E', 'E']);
    expect(toAuditEvent(record({ action: 'downloaded' })).type.code).toBe('110106');
    expect(toAuditEvent(record({ outcome: 'failure' })).outcome).toBe('8');
  });

  it('names the study beside another subject, with the details, and an API user as a data processor', () => {
    const event = toAuditEvent(
      record({
        api_user_id: 5,
        subject_type: 'mask',
        subject_id: '9',
        subject: 'Liver',
        data: { revision: 2, base: 'x' },
      }),
    );
    expect(event.agent[0]?.who.identifier).toEqual({ system: 'urn:voxa:api-user', value: '5' });
    expect(event.agent[0]?.type.coding[0]?.code).toBe('dataprocessor');
    expect(event.entity).toEqual([
      expect.objectContaining({
        what: { identifier: { system: 'urn:voxa:mask', value: '9' }, display: 'Liver' },
        detail: [
          { type: 'revision', valueString: '2' },
          { type: 'base', valueString: 'x' },
        ],
      }),
      expect.objectContaining({ what: { identifier: { system: 'urn:voxa:study', value: '11' } } }),
    ]);
  });

  it('makes the administrator acting through a user switch the requestor', () => {
    const event = toAuditEvent(record({ impersonator_id: 1, remote_address: null }));
    expect(event.agent.map((a) => [a.who.identifier.value, a.requestor])).toEqual([
      ['3', false],
      ['1', true],
    ]);
    expect(event.agent[0]?.network).toBeUndefined();
  });

  it('bundles the events as a collection', () => {
    const bundle = toAuditBundle([record(), record({ id: 8 })], new Date('2026-11-26T12:00:00Z'));
    expect(bundle).toMatchObject({
      resourceType: 'Bundle',
      type: 'collection',
      timestamp: '2026-11-26T12:00:00.000Z',
    });
    expect(bundle.entry.map((e) => e.resource.id)).toEqual(['7', '8']);
  });
});

describe('audit CSV', () => {
  it('writes a header and one quoted, formula-safe row per record', () => {
    const csv = auditCsv([record({ subject: '=cmd()', data: { name: 'Left "lobe"' } })]);
    const [header, row, end] = csv.split('\r\n');
    expect(header?.split(',')).toHaveLength(16);
    expect(row).toBe(
      '"2026-11-26T10:00:00.000Z","acme","mia@example.org","Mia Member","","","sess-1","203.0.113.7","Chromium","viewed","study","11","\'=cmd()","11","success","{""name"":""Left \\""lobe\\""""}"',
    );
    expect(end).toBe('');
  });
});
