-- What a hosted Supabase project already has before our migrations run: API roles, the auth and storage schemas and
-- the helper functions RLS policies call. Idempotent: applied on every start, so it only creates what is missing.

do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then create role authenticator login noinherit; end if;
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then create role supabase_auth_admin nologin noinherit createrole; end if;
  if not exists (select from pg_roles where rolname = 'supabase_storage_admin') then create role supabase_storage_admin nologin noinherit; end if;
end
$$;

grant anon, authenticated, service_role to authenticator;
-- The gateway's services act as the API roles with `set local role`. A role that is not a superuser needs membership
-- with the SET option for that, which PostgreSQL 16+ does not give a role's creator by itself (docs/deploy.md).
do $$
begin
  if not (select rolsuper from pg_roles where rolname = current_user) then
    grant anon, authenticated, service_role to current_user;
  end if;
end
$$;
-- Supabase's own limits for the API roles: no request holds a connection (and its locks) for long. PostgREST applies
-- the settings of the role it switches to; the storage service sets the same limit per transaction.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
create extension if not exists pgcrypto with schema extensions;

grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant usage, select on sequences to anon, authenticated, service_role;

-- auth ---------------------------------------------------------------------------------------------------------------
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255) not null default 'authenticated',
  role varchar(255) not null default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  is_super_admin boolean,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  phone text,
  phone_confirmed_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_anonymous boolean not null default false,
  is_sso_user boolean not null default false
);
create unique index if not exists users_email_key on auth.users (lower(email)) where email is not null;

create table if not exists auth.identities (
  id uuid primary key default extensions.gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  aal text not null default 'aal1',
  not_after timestamptz,
  refreshed_at timestamptz,
  user_agent text,
  ip inet
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  revoked boolean not null default false,
  parent varchar(255),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

-- One-time tokens for /verify (recovery links); stored hashed, like GoTrue.
create table if not exists auth.one_time_tokens (
  id uuid primary key default extensions.gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  token_hash text not null unique,
  created_at timestamptz not null default now()
);

-- Sign-up confirmation, in GoTrue's column: when the last confirmation link went out (one a minute per address).
alter table auth.users add column if not exists confirmation_sent_at timestamptz;

-- Secure email change, in GoTrue's columns: the new address waits here, with the hash of the link mailed to it, until
-- that link is opened.
alter table auth.users add column if not exists email_change varchar(255);
alter table auth.users add column if not exists email_change_token_new varchar(255);
alter table auth.users add column if not exists email_change_sent_at timestamptz;
create unique index if not exists users_email_change_token_new_key on auth.users (email_change_token_new)
  where email_change_token_new is not null;

-- Failed password sign-ins per email address from all networks together, shared by every gateway process. The address
-- is kept only as a SHA-256 of its lower-cased form, whether or not it has an account; rows whose window has passed
-- are pruned.
create table if not exists auth.sign_in_failures (
  email_hash text primary key,
  failures integer not null,
  first_failed_at timestamptz not null default now()
);
create index if not exists sign_in_failures_first_failed_at_idx on auth.sign_in_failures (first_failed_at);

-- The same per network (an IPv4 address or an IPv6 /64), so that one network's guessing locks only that network out,
-- and when the account last signed in from it, so that it stays open to its owner's usual networks. Rows with neither
-- failures in their window nor a recent sign-in are pruned.
create table if not exists auth.sign_in_networks (
  email_hash text not null,
  network text not null,
  failures integer not null default 0,
  first_failed_at timestamptz,
  signed_in_at timestamptz,
  primary key (email_hash, network)
);

-- The per-IP token buckets of the rate-limited auth endpoints (`<endpoint>:<ip>`), shared by every gateway process.
-- Buckets untouched for a whole window have refilled and are pruned.
create table if not exists auth.rate_limits (
  bucket text primary key,
  tokens float8 not null,
  updated_at timestamptz not null default now()
);
create index if not exists rate_limits_updated_at_idx on auth.rate_limits (updated_at);

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;
-- API roles never touch auth tables directly; only the helper functions above.
revoke all on all tables in schema auth from anon, authenticated, service_role;

-- storage ------------------------------------------------------------------------------------------------------------
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  public boolean not null default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table if not exists storage.objects (
  id uuid primary key default extensions.gen_random_uuid(),
  bucket_id text not null references storage.buckets (id),
  name text not null,
  owner uuid,
  owner_id text,
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_accessed_at timestamptz not null default now(),
  unique (bucket_id, name)
);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

create or replace function storage.foldername(name text) returns text[]
language sql immutable
as $$
  select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1]
$$;

create or replace function storage.filename(name text) returns text
language sql immutable
as $$
  select (string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)]
$$;

create or replace function storage.extension(name text) returns text
language sql immutable
as $$
  select lower(split_part(storage.filename(name), '.', -1))
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;
grant select on storage.buckets to anon, authenticated, service_role;
grant select, insert, update, delete on storage.objects to anon, authenticated, service_role;
grant insert, update, delete on storage.buckets to service_role;

-- the Supabase CLI's migration history ----------------------------------------------------------------------------------
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
create table if not exists supabase_migrations.seed_files (
  path text primary key,
  hash text not null
);
