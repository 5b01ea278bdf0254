/**
 * Generates shared/src/database.types.ts — the `Database` type in the Supabase CLI format — from the real schema:
 * starts a throwaway database (migrations only, no seed), reads pg_catalog for the public schema and writes the file.
 * Run with `npm run db:types`, which rewrites the schema snapshot (snapshot.ts) from the same database too, so one
 * command after a migration change brings every generated file up to date. The output is committed;
 * tests/schema-snapshot.test.ts fails when it is stale.
 */
import { join } from 'node:path';
import type { Pool } from 'pg';
import { writeGeneratedFiles, type GeneratedFile } from './catalog';
import { schemaSnapshot } from './snapshot';

const OUT = join(__dirname, '..', 'shared', 'src', 'database.types.ts');
const SCHEMA = 'public';

interface Column {
  table: string;
  name: string;
  type: string; // pg type name (element type for arrays)
  typeSchema: string;
  isArray: boolean;
  nullable: boolean;
  hasDefault: boolean;
  generated: boolean; // generated column or identity ALWAYS: clients may not write it
}

const quote = (s: string) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(s) ? s : JSON.stringify(s));

function tsType(type: string, typeSchema: string, isArray: boolean, enums: Set<string>): string {
  let base: string;
  if (typeSchema === SCHEMA && enums.has(type)) base = `Database["public"]["Enums"]["${type}"]`;
  else if (['bool'].includes(type)) base = 'boolean';
  else if (['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid'].includes(type)) base = 'number';
  else if (['json', 'jsonb'].includes(type)) base = 'Json';
  else if (type === 'void') base = 'undefined';
  else if (type === 'record') base = 'Record<string, unknown>';
  else if (
    [
      'text',
      'varchar',
      'bpchar',
      'citext',
      'uuid',
      'date',
      'time',
      'timetz',
      'timestamp',
      'timestamptz',
      'interval',
      'bytea',
      'inet',
      'cidr',
      'tstzrange',
      'tsrange',
      'daterange',
      'name',
      'char',
    ].includes(type)
  )
    base = 'string';
  else base = 'unknown';
  return isArray ? `${base.includes('|') ? `(${base})` : base}[]` : base;
}

async function introspect(pool: Pool) {
  const enums = (
    await pool.query<{ name: string; labels: string[] }>(
      `
      select t.typname as name, array_agg(e.enumlabel::text order by e.enumsortorder) as labels
      from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = $1 group by t.typname order by t.typname`,
      [SCHEMA],
    )
  ).rows;
  const relations = (
    await pool.query<{ name: string; kind: string }>(
      `
      select c.relname as name, c.relkind as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm') order by c.relname`,
      [SCHEMA],
    )
  ).rows;
  const columns = (
    await pool.query<Column>(
      `
      select c.relname as table, a.attname as name,
             coalesce(et.typname, t.typname) as "type", coalesce(etn.nspname, tn.nspname) as "typeSchema",
             t.typcategory = 'A' as "isArray",
             not a.attnotnull or c.relkind in ('v', 'm') as nullable,
             a.atthasdef or a.attidentity <> '' as "hasDefault",
             a.attgenerated <> '' or a.attidentity = 'a' as generated
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      join pg_type t on t.oid = a.atttypid join pg_namespace tn on tn.oid = t.typnamespace
      left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
      left join pg_namespace etn on etn.oid = et.typnamespace
      where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
      [SCHEMA],
    )
  ).rows;
  const foreignKeys = (
    await pool.query<{
      name: string;
      table: string;
      columns: string[];
      ref: string;
      refColumns: string[];
      oneToOne: boolean;
    }>(
      `
      select con.conname as name, c.relname as table,
             array(select a.attname::text from unnest(con.conkey) with ordinality k(n, i)
                   join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as columns,
             rc.relname as ref,
             array(select a.attname::text from unnest(con.confkey) with ordinality k(n, i)
                   join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i) as "refColumns",
             exists (select 1 from pg_index ix where ix.indrelid = con.conrelid and ix.indisunique
                     and (select array_agg(x order by x) from unnest(ix.indkey::int2[]) x) =
                         (select array_agg(x order by x) from unnest(con.conkey) x)) as "oneToOne"
      from pg_constraint con
      join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
      join pg_class rc on rc.oid = con.confrelid join pg_namespace rn on rn.oid = rc.relnamespace
      where con.contype = 'f' and n.nspname = $1 and rn.nspname = $1
      order by c.relname, con.conname`,
      [SCHEMA],
    )
  ).rows;
  const functions = (
    await pool.query<{
      name: string;
      argNames: string[] | null;
      argModes: string[] | null;
      argTypes: { type: string; schema: string; isArray: boolean }[];
      nDefaults: number;
      nIn: number;
      returnType: string;
      returnSchema: string;
      returnIsArray: boolean;
      returnRelation: string | null;
      returnsSet: boolean;
    }>(
      `
      select p.proname as name, p.proargnames as "argNames", p.proargmodes::text[] as "argModes",
             (select coalesce(json_agg(json_build_object('type', coalesce(et.typname, t.typname), 'schema', coalesce(etn.nspname, tn.nspname),
                                                'isArray', t.typcategory = 'A') order by i), '[]'::json)
              from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as x(oid, i)
              join pg_type t on t.oid = x.oid join pg_namespace tn on tn.oid = t.typnamespace
              left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
              left join pg_namespace etn on etn.oid = et.typnamespace) as "argTypes",
             p.pronargdefaults as "nDefaults", p.pronargs as "nIn",
             coalesce(ert.typname, rt.typname) as "returnType", rtn.nspname as "returnSchema",
             rt.typcategory = 'A' as "returnIsArray",
             (select rc.relname from pg_class rc where rc.oid = rt.typrelid and rc.relkind in ('r', 'v', 'm', 'p')) as "returnRelation",
             p.proretset as "returnsSet"
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      join pg_type rt on rt.oid = p.prorettype join pg_namespace rtn on rtn.oid = rt.typnamespace
      left join pg_type ert on ert.oid = rt.typelem and rt.typcategory = 'A'
      where n.nspname = $1 and p.prokind = 'f' and rt.typname <> 'trigger'
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by p.proname`,
      [SCHEMA],
    )
  ).rows;
  return { enums, relations, columns, foreignKeys, functions };
}

function render(model: Awaited<ReturnType<typeof introspect>>): string {
  const enumNames = new Set(model.enums.map((e) => e.name));
  const type = (t: string, s: string, arr: boolean) => tsType(t, s, arr, enumNames);
  const ind = (n: number) => '  '.repeat(n);
  const colsOf = (table: string) => model.columns.filter((c) => c.table === table);
  const rowType = (table: string, depth: number) =>
    `{\n${colsOf(table)
      .map(
        (c) =>
          `${ind(depth + 1)}${quote(c.name)}: ${type(c.type, c.typeSchema, c.isArray)}${c.nullable ? ' | null' : ''}`,
      )
      .join('\n')}\n${ind(depth)}}`;
  const writeType = (table: string, depth: number, insert: boolean) =>
    `{\n${colsOf(table)
      .map((c) => {
        const t = `${type(c.type, c.typeSchema, c.isArray)}${c.nullable ? ' | null' : ''}`;
        if (c.generated) return `${ind(depth + 1)}${quote(c.name)}?: never`;
        const optional = !insert || c.nullable || c.hasDefault;
        return `${ind(depth + 1)}${quote(c.name)}${optional ? '?' : ''}: ${t}`;
      })
      .join('\n')}\n${ind(depth)}}`;
  const relationships = (table: string, depth: number) => {
    const fks = model.foreignKeys.filter((f) => f.table === table);
    if (fks.length === 0) return '[]';
    return `[\n${fks
      .map(
        (f) =>
          `${ind(depth + 1)}{\n${ind(depth + 2)}foreignKeyName: "${f.name}"\n${ind(depth + 2)}columns: [${f.columns.map((c) => `"${c}"`).join(', ')}]\n` +
          `${ind(depth + 2)}isOneToOne: ${f.oneToOne}\n${ind(depth + 2)}referencedRelation: "${f.ref}"\n` +
          `${ind(depth + 2)}referencedColumns: [${f.refColumns.map((c) => `"${c}"`).join(', ')}]\n${ind(depth + 1)}}`,
      )
      .join(',\n')}\n${ind(depth)}]`;
  };
  const tables = model.relations.filter((r) => r.kind === 'r' || r.kind === 'p');
  const views = model.relations.filter((r) => r.kind === 'v' || r.kind === 'm');
  const block = (entries: string[], depth: number) =>
    entries.length
      ? `{\n${entries.join('\n')}\n${ind(depth)}}`
      : `{\n${ind(depth + 1)}[_ in never]: never\n${ind(depth)}}`;

  const tableEntries = tables.map(
    (t) =>
      `${ind(3)}${quote(t.name)}: {\n${ind(4)}Row: ${rowType(t.name, 4)}\n${ind(4)}Insert: ${writeType(t.name, 4, true)}\n` +
      `${ind(4)}Update: ${writeType(t.name, 4, false)}\n${ind(4)}Relationships: ${relationships(t.name, 4)}\n${ind(3)}}`,
  );
  const viewEntries = views.map(
    (v) => `${ind(3)}${quote(v.name)}: {\n${ind(4)}Row: ${rowType(v.name, 4)}\n${ind(4)}Relationships: []\n${ind(3)}}`,
  );

  const byName = new Map<string, typeof model.functions>();
  for (const f of model.functions) byName.set(f.name, [...(byName.get(f.name) ?? []), f]);
  const functionEntries = [...byName.entries()].map(([name, overloads]) => {
    const variants = overloads.map((f) => {
      const modes = f.argModes ?? f.argTypes.map(() => 'i');
      const args: string[] = [];
      const outs: string[] = [];
      let inIndex = 0;
      f.argTypes.forEach((t, i) => {
        const argName = f.argNames?.[i] || `arg${i}`;
        const ts = type(t.type, t.schema, t.isArray);
        if (modes[i] === 'i' || modes[i] === 'b' || modes[i] === 'v') {
          const optional = inIndex >= f.nIn - f.nDefaults;
          args.push(`${ind(6)}${quote(argName)}${optional ? '?' : ''}: ${ts}`);
          inIndex += 1;
        }
        if (modes[i] === 'o' || modes[i] === 'b' || modes[i] === 't') outs.push(`${ind(6)}${quote(argName)}: ${ts}`);
      });
      let returns: string;
      if (outs.length > 0) returns = `{\n${outs.join('\n')}\n${ind(5)}}${f.returnsSet ? '[]' : ''}`;
      else if (f.returnRelation) returns = `${rowType(f.returnRelation, 5)}${f.returnsSet ? '[]' : ''}`;
      else returns = `${type(f.returnType, f.returnSchema, f.returnIsArray)}${f.returnsSet ? '[]' : ''}`;
      const argsBlock = args.length ? `{\n${args.join('\n')}\n${ind(5)}}` : 'never';
      // Like the Supabase CLI: a function returning table rows names the table, so supabase-js can type embeds on it.
      const setof =
        outs.length === 0 && f.returnRelation
          ? `\n${ind(5)}SetofOptions: {\n${ind(6)}from: "*"\n${ind(6)}to: "${f.returnRelation}"\n${ind(6)}isOneToOne: ${!f.returnsSet}\n${ind(6)}isSetofReturn: ${f.returnsSet}\n${ind(5)}}`
          : '';
      return `{\n${ind(5)}Args: ${argsBlock}\n${ind(5)}Returns: ${returns}${setof}\n${ind(4)}}`;
    });
    return `${ind(3)}${quote(name)}:\n${ind(4)}${variants.length > 1 ? variants.map((v) => `| ${v}`).join(`\n${ind(4)}`) : variants[0]}`;
  });
  const enumEntries = model.enums.map(
    (e) => `${ind(3)}${quote(e.name)}: ${e.labels.map((l) => JSON.stringify(l)).join(' | ')}`,
  );
  const constants = model.enums
    .map((e) => `${ind(3)}${quote(e.name)}: [${e.labels.map((l) => JSON.stringify(l)).join(', ')}],`)
    .join('\n');

  return `// Generated by \`npm run db:types\` (supabase/typegen.ts) from supabase/migrations. Do not edit by hand.

export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "12"
  }
  public: {
    Tables: ${block(tableEntries, 2)}
    Views: ${block(viewEntries, 2)}
    Functions: ${block(functionEntries, 2)}
    Enums: ${block(enumEntries, 2)}
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {
${constants}
    },
  },
} as const

// Row aliases the apps import.
export type University = Tables<"universities">
export type Member = Tables<"members">
export type HealthProfile = Tables<"health_profiles">
export type Appointment = Tables<"appointments">
export type Program = Tables<"programs">
export type Invitation = Tables<"invitations">
export type AuditLogEntry = Tables<"audit_log">
export type StaffDirectoryEntry = Tables<"staff_directory">
export type ClinicSettings = Tables<"clinic_settings">
export type ClinicHours = Tables<"clinic_hours">
export type ClinicClosure = Tables<"clinic_closures">
export type DoctorHours = Tables<"doctor_hours">
export type DoctorTimeOff = Tables<"doctor_time_off">
export type MemberRole = Enums<"member_role">
export type MemberStatus = Enums<"member_status">
export type AppointmentStatus = Enums<"appointment_status">
export type AppointmentKind = Enums<"appointment_kind">
export type Visit = Tables<"visits">
export type VisitStatus = Enums<"visit_status">
export type VisitAddendum = Tables<"visit_addenda">
export type VitalSigns = Tables<"vital_signs">
export type Diagnosis = Tables<"diagnoses">
export type Prescription = Tables<"prescriptions">
export type ExcuseLetter = Tables<"excuse_letters">
export type Icd10Code = Tables<"icd10_codes">
`;
}

/** shared/src/database.types.ts as the migrations define it. */
export async function databaseTypes(pool: Pool): Promise<GeneratedFile[]> {
  return [{ path: OUT, text: render(await introspect(pool)), command: 'npm run db:types' }];
}

if (require.main === module) writeGeneratedFiles([databaseTypes, schemaSnapshot]);
