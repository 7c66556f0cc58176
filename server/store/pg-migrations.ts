/**
 * The PostgreSQL schema as versioned migrations (applied by server/store/pg-migrate.ts).
 * Never edit a released migration: add the next one.
 */
import type { Migration } from './sqlite-migrations';

export const PG_MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'leads and submissions',
    sql: `
      CREATE TABLE leads (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        email_normalized text NOT NULL UNIQUE,  -- lower-cased: one lead per address
        email text NOT NULL,                    -- as first typed, for display
        first_seen timestamptz NOT NULL,
        last_seen timestamptz NOT NULL,
        submission_count integer NOT NULL,
        first_page text,
        first_placement text,
        last_page text,
        last_placement text,
        last_user_agent text
      );
      -- Every accepted submission (a touch), with the idempotency key it carried.
      CREATE TABLE submissions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        lead_id bigint NOT NULL REFERENCES leads(id),
        received_at timestamptz NOT NULL,
        email text NOT NULL,
        page text,
        placement text,
        user_agent text,
        idempotency_key text UNIQUE
      );
      CREATE INDEX submissions_lead ON submissions(lead_id);`,
  },
  {
    version: 2,
    name: 'webhook outbox and submit_lead()',
    sql: `
      -- One event per stored submission while a webhook is configured, written in the submission's transaction.
      CREATE TABLE webhook_events (
        id uuid PRIMARY KEY,                    -- the event id the receiver deduplicates on
        lead_id bigint NOT NULL REFERENCES leads(id),
        submission_id bigint NOT NULL REFERENCES submissions(id),
        type text NOT NULL,
        payload text NOT NULL,                  -- the exact JSON that is signed and sent
        created_at timestamptz NOT NULL,
        state text NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,    -- failed attempts in the current retry window
        window_start timestamptz NOT NULL,      -- retries stop 24 h after it
        next_attempt_at timestamptz,            -- while pending
        locked_until timestamptz,               -- claimed by a dispatcher until then
        claim_token uuid,
        last_error text,
        delivered_at timestamptz
      );
      CREATE INDEX webhook_events_due ON webhook_events(next_attempt_at) WHERE state = 'pending';
      CREATE INDEX webhook_events_lead ON webhook_events(lead_id);

      -- ISO 8601 in UTC with milliseconds, as JavaScript's toISOString() writes it.
      CREATE FUNCTION iso_utc(t timestamptz) RETURNS text LANGUAGE sql IMMUTABLE
        AS $fn$ SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $fn$;

      -- One submission in one statement (one round trip, one commit). The result is
      -- 'stored', 'replayed' or 'key-conflict', as in server/store/types.ts.
      CREATE FUNCTION submit_lead(p_email text, p_normalized text, p_page text, p_placement text,
                                  p_user_agent text, p_key text, p_now timestamptz, p_event_id uuid)
      RETURNS text LANGUAGE plpgsql AS $fn$
      DECLARE
        seen text;
        lead leads%ROWTYPE;
        submission_id bigint;
      BEGIN
        IF p_key IS NOT NULL THEN
          -- Submissions with the same key queue here, across every server, until the first commits;
          -- each statement below then sees what the others committed (READ COMMITTED).
          -- 1818583396 is 'lead' in ASCII: this lock's namespace.
          PERFORM pg_advisory_xact_lock(1818583396, hashtext(p_key));
          SELECT l.email_normalized INTO seen FROM submissions s JOIN leads l ON l.id = s.lead_id WHERE s.idempotency_key = p_key;
          IF FOUND THEN
            RETURN CASE WHEN seen = p_normalized THEN 'replayed' ELSE 'key-conflict' END;
          END IF;
        END IF;

        -- Atomic under concurrency: a second server inserting the same address waits, then updates.
        INSERT INTO leads AS l (email_normalized, email, first_seen, last_seen, submission_count,
                                first_page, first_placement, last_page, last_placement, last_user_agent)
        VALUES (p_normalized, p_email, p_now, p_now, 1, p_page, p_placement, p_page, p_placement, p_user_agent)
        ON CONFLICT (email_normalized) DO UPDATE SET
          last_seen = GREATEST(l.last_seen, excluded.last_seen),
          submission_count = l.submission_count + 1,
          last_page = excluded.last_page,
          last_placement = excluded.last_placement,
          last_user_agent = excluded.last_user_agent
        RETURNING * INTO lead;

        INSERT INTO submissions (lead_id, received_at, email, page, placement, user_agent, idempotency_key)
        VALUES (lead.id, p_now, p_email, p_page, p_placement, p_user_agent, p_key)
        RETURNING id INTO submission_id;

        IF p_event_id IS NOT NULL THEN
          INSERT INTO webhook_events (id, lead_id, submission_id, type, payload, created_at, state, window_start, next_attempt_at)
          VALUES (
            p_event_id, lead.id, submission_id,
            CASE WHEN lead.submission_count = 1 THEN 'lead.created' ELSE 'lead.touched' END,
            json_build_object(
              'id', p_event_id,
              'type', CASE WHEN lead.submission_count = 1 THEN 'lead.created' ELSE 'lead.touched' END,
              'created_at', iso_utc(p_now),
              'data', json_build_object(
                'lead', json_build_object('id', lead.id, 'email', lead.email, 'email_normalized', lead.email_normalized,
                                          'first_seen', iso_utc(lead.first_seen), 'submission_count', lead.submission_count),
                'submission', json_build_object('email', p_email, 'received_at', iso_utc(p_now), 'page', p_page, 'placement', p_placement))
            )::text,
            p_now, 'pending', p_now, p_now);
        END IF;
        RETURN 'stored';
      END
      $fn$;`,
  },
  {
    version: 3,
    name: 'submit_leads(): several submissions in one commit',
    sql: `
      -- The submissions that queued up while every connection was busy, in one transaction
      -- (server/store/group-commit.ts): one outcome per submission, in order. Within the batch
      -- each sees the ones before it, as if they had come one after the other.
      CREATE FUNCTION submit_leads(p_emails text[], p_normalized text[], p_pages text[], p_placements text[],
                                   p_user_agents text[], p_keys text[], p_now timestamptz[], p_event_ids uuid[])
      RETURNS text[] LANGUAGE plpgsql AS $fn$
      DECLARE
        outcomes text[] := '{}';
      BEGIN
        FOR i IN 1 .. cardinality(p_emails) LOOP
          outcomes := outcomes || submit_lead(p_emails[i], p_normalized[i], p_pages[i], p_placements[i],
                                              p_user_agents[i], p_keys[i], p_now[i], p_event_ids[i]);
        END LOOP;
        RETURN outcomes;
      END
      $fn$;`,
  },
  {
    version: 4,
    name: 'one lock order for every submission: no deadlocks',
    sql: `
      -- Two transactions that lock the same rows in opposite orders deadlock, and PostgreSQL then
      -- fails one of them: a batch (submit_leads) upserting a@ then b@ against another upserting
      -- b@ then a@, or a key's advisory lock taken after an address's row lock. So a transaction
      -- first takes an advisory lock for every idempotency key and every address it will touch,
      -- all at once and sorted; the rows behind them are only ever locked by their lock's holder,
      -- and transactions that share a lock wait on each other in one direction only.
      -- Namespaces: 1818583396 is 'lead' in ASCII (keys, as in version 2), 1701667177 is 'emai'.
      CREATE FUNCTION lock_submissions(p_keys text[], p_normalized text[]) RETURNS void LANGUAGE plpgsql AS $fn$
      DECLARE
        l record;
      BEGIN
        FOR l IN
          SELECT DISTINCT ns, h FROM (
            SELECT 1818583396 AS ns, hashtext(k) AS h FROM unnest(p_keys) AS k WHERE k IS NOT NULL
            UNION ALL
            SELECT 1701667177, hashtext(e) FROM unnest(p_normalized) AS e
          ) AS wanted
          ORDER BY ns, h
        LOOP
          PERFORM pg_advisory_xact_lock(l.ns, l.h);
        END LOOP;
      END
      $fn$;

      -- The version-2 body stays as it is (its own key lock is then already held: advisory locks nest).
      ALTER FUNCTION submit_lead(text, text, text, text, text, text, timestamptz, uuid) RENAME TO store_submission;

      CREATE FUNCTION submit_lead(p_email text, p_normalized text, p_page text, p_placement text,
                                  p_user_agent text, p_key text, p_now timestamptz, p_event_id uuid)
      RETURNS text LANGUAGE plpgsql AS $fn$
      BEGIN
        PERFORM lock_submissions(ARRAY[p_key], ARRAY[p_normalized]);
        RETURN store_submission(p_email, p_normalized, p_page, p_placement, p_user_agent, p_key, p_now, p_event_id);
      END
      $fn$;

      CREATE OR REPLACE FUNCTION submit_leads(p_emails text[], p_normalized text[], p_pages text[], p_placements text[],
                                              p_user_agents text[], p_keys text[], p_now timestamptz[], p_event_ids uuid[])
      RETURNS text[] LANGUAGE plpgsql AS $fn$
      DECLARE
        outcomes text[] := '{}';
      BEGIN
        PERFORM lock_submissions(p_keys, p_normalized);
        FOR i IN 1 .. cardinality(p_emails) LOOP
          outcomes := outcomes || store_submission(p_emails[i], p_normalized[i], p_pages[i], p_placements[i],
                                                   p_user_agents[i], p_keys[i], p_now[i], p_event_ids[i]);
        END LOOP;
        RETURN outcomes;
      END
      $fn$;`,
  },
  {
    version: 5,
    name: 'the language of each submission',
    sql: `
      -- BCP 47 tag of the page the form was on ("es", "pt-BR"); NULL for rows stored before it was recorded.
      ALTER TABLE submissions ADD COLUMN locale text;
      ALTER TABLE leads ADD COLUMN first_locale text, ADD COLUMN last_locale text;

      -- The body of version 4's store_submission() with p_locale: stored with the submission, as the lead's
      -- first_locale (new address) and last_locale (every touch), and in the event after 'placement', as
      -- server/store/lead-event.ts writes it. The version-2 body it replaces is dropped.
      DROP FUNCTION store_submission(text, text, text, text, text, text, timestamptz, uuid);
      CREATE FUNCTION store_submission(p_email text, p_normalized text, p_page text, p_placement text, p_locale text,
                                       p_user_agent text, p_key text, p_now timestamptz, p_event_id uuid)
      RETURNS text LANGUAGE plpgsql AS $fn$
      DECLARE
        seen text;
        lead leads%ROWTYPE;
        submission_id bigint;
      BEGIN
        IF p_key IS NOT NULL THEN
          -- Already held when called through submit_lead() or submit_leads() (advisory locks nest).
          PERFORM pg_advisory_xact_lock(1818583396, hashtext(p_key));
          SELECT l.email_normalized INTO seen FROM submissions s JOIN leads l ON l.id = s.lead_id WHERE s.idempotency_key = p_key;
          IF FOUND THEN
            RETURN CASE WHEN seen = p_normalized THEN 'replayed' ELSE 'key-conflict' END;
          END IF;
        END IF;

        INSERT INTO leads AS l (email_normalized, email, first_seen, last_seen, submission_count,
                                first_page, first_placement, first_locale, last_page, last_placement, last_locale, last_user_agent)
        VALUES (p_normalized, p_email, p_now, p_now, 1, p_page, p_placement, p_locale, p_page, p_placement, p_locale, p_user_agent)
        ON CONFLICT (email_normalized) DO UPDATE SET
          last_seen = GREATEST(l.last_seen, excluded.last_seen),
          submission_count = l.submission_count + 1,
          last_page = excluded.last_page,
          last_placement = excluded.last_placement,
          last_locale = excluded.last_locale,
          last_user_agent = excluded.last_user_agent
        RETURNING * INTO lead;

        INSERT INTO submissions (lead_id, received_at, email, page, placement, locale, user_agent, idempotency_key)
        VALUES (lead.id, p_now, p_email, p_page, p_placement, p_locale, p_user_agent, p_key)
        RETURNING id INTO submission_id;

        IF p_event_id IS NOT NULL THEN
          INSERT INTO webhook_events (id, lead_id, submission_id, type, payload, created_at, state, window_start, next_attempt_at)
          VALUES (
            p_event_id, lead.id, submission_id,
            CASE WHEN lead.submission_count = 1 THEN 'lead.created' ELSE 'lead.touched' END,
            json_build_object(
              'id', p_event_id,
              'type', CASE WHEN lead.submission_count = 1 THEN 'lead.created' ELSE 'lead.touched' END,
              'created_at', iso_utc(p_now),
              'data', json_build_object(
                'lead', json_build_object('id', lead.id, 'email', lead.email, 'email_normalized', lead.email_normalized,
                                          'first_seen', iso_utc(lead.first_seen), 'submission_count', lead.submission_count),
                'submission', json_build_object('email', p_email, 'received_at', iso_utc(p_now), 'page', p_page,
                                                'placement', p_placement, 'locale', p_locale))
            )::text,
            p_now, 'pending', p_now, p_now);
        END IF;
        RETURN 'stored';
      END
      $fn$;

      CREATE FUNCTION submit_lead(p_email text, p_normalized text, p_page text, p_placement text, p_locale text,
                                  p_user_agent text, p_key text, p_now timestamptz, p_event_id uuid)
      RETURNS text LANGUAGE plpgsql AS $fn$
      BEGIN
        PERFORM lock_submissions(ARRAY[p_key], ARRAY[p_normalized]);
        RETURN store_submission(p_email, p_normalized, p_page, p_placement, p_locale, p_user_agent, p_key, p_now, p_event_id);
      END
      $fn$;

      CREATE FUNCTION submit_leads(p_emails text[], p_normalized text[], p_pages text[], p_placements text[], p_locales text[],
                                   p_user_agents text[], p_keys text[], p_now timestamptz[], p_event_ids uuid[])
      RETURNS text[] LANGUAGE plpgsql AS $fn$
      DECLARE
        outcomes text[] := '{}';
      BEGIN
        PERFORM lock_submissions(p_keys, p_normalized);
        FOR i IN 1 .. cardinality(p_emails) LOOP
          outcomes := outcomes || store_submission(p_emails[i], p_normalized[i], p_pages[i], p_placements[i], p_locales[i],
                                                   p_user_agents[i], p_keys[i], p_now[i], p_event_ids[i]);
        END LOOP;
        RETURN outcomes;
      END
      $fn$;

      -- The version-4 signatures (no locale) stay, as wrappers of the above with a NULL locale, for the servers still
      -- running the previous release during a rolling deploy (docs/lead-server.md: leads:migrate runs ahead of it);
      -- they would otherwise fail every submission until replaced. This release never calls them (different argument
      -- counts, so no call is ambiguous); a later migration can drop them.
      CREATE OR REPLACE FUNCTION submit_lead(p_email text, p_normalized text, p_page text, p_placement text,
                                             p_user_agent text, p_key text, p_now timestamptz, p_event_id uuid)
      RETURNS text LANGUAGE sql AS $fn$
        SELECT submit_lead(p_email, p_normalized, p_page, p_placement, NULL, p_user_agent, p_key, p_now, p_event_id)
      $fn$;

      CREATE OR REPLACE FUNCTION submit_leads(p_emails text[], p_normalized text[], p_pages text[], p_placements text[],
                                              p_user_agents text[], p_keys text[], p_now timestamptz[], p_event_ids uuid[])
      RETURNS text[] LANGUAGE sql AS $fn$
        SELECT submit_leads(p_emails, p_normalized, p_pages, p_placements, array_fill(NULL::text, ARRAY[cardinality(p_emails)]),
                            p_user_agents, p_keys, p_now, p_event_ids)
      $fn$;`,
  },
];

export const PG_SCHEMA_VERSION = PG_MIGRATIONS[PG_MIGRATIONS.length - 1].version;
