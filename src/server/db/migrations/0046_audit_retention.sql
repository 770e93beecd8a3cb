-- ADR 068: the audit log keeps an event to the end of the eighth calendar year after its year
-- (the longest period of what it documents: invoices, § 147 AO). Updates stay refused; a delete
-- is allowed only of an event past that period, by the database's own clock (Berlin years).
CREATE OR REPLACE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.created_at < (make_date(extract(year from now() at time zone 'Europe/Berlin')::int - 8, 1, 1)::timestamp at time zone 'Europe/Berlin') THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
