ALTER TABLE "customer_order_withdrawals" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
-- ADR 068/076: a pharmacy's dispensing record (a hand-out of a completed order) keeps its own
-- copies of the prescription's dosage and prescriber for § 22 ApBetrO — five years to the end
-- of the year, or one year past the use-by, whichever ends later — and after that the retention
-- job may erase exactly these three columns (dosage and the prescriber's address to null, the
-- prescriber's name — required on a pharmacy row — to 'Anonymisiert' as on the prescriptions),
-- and touch updated_at, by the database's own clock (Berlin days).
-- Nothing else changes: everything else stays as before (deletes after five years, one
-- cancellation, no other update).
CREATE OR REPLACE FUNCTION "hand_outs_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  today date := (now() AT TIME ZONE 'Europe/Berlin')::date;
  -- updated_at tells when the erasure ran.
  health text[] := ARRAY['dosage', 'prescriber_name', 'prescriber_address', 'updated_at'];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'hand_outs keeps its records: TRUNCATE is not allowed'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN
    -- KCanG: records are kept for five years after the hand-out day.
    IF OLD.handed_out_on >= (today - interval '5 years')::date THEN
      RAISE EXCEPTION 'hand-out % is kept for five years', OLD.number
        USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN OLD;
  END IF;
  -- The retention erasure: a pharmacy record past § 22 ApBetrO loses dosage and prescriber only.
  IF OLD.customer_order_id IS NOT NULL
    AND NEW.dosage IS NULL AND NEW.prescriber_name = 'Anonymisiert' AND NEW.prescriber_address IS NULL
    AND (to_jsonb(NEW) - health) IS NOT DISTINCT FROM (to_jsonb(OLD) - health)
    AND make_date(extract(year from OLD.handed_out_on)::int + 6, 1, 1) <= today
    AND (OLD.use_by IS NULL OR OLD.use_by + interval '1 year' < today)
  THEN
    RETURN NEW;
  END IF;
  -- An UPDATE may only cancel a record that is not cancelled yet; nothing else may change.
  IF OLD.cancelled_at IS NOT NULL OR NEW.cancelled_at IS NULL
    OR (to_jsonb(NEW) - ARRAY['cancelled_at', 'cancelled_by', 'cancel_reason', 'cancel_movement_id', 'updated_at'])
      IS DISTINCT FROM (to_jsonb(OLD) - ARRAY['cancelled_at', 'cancelled_by', 'cancel_reason', 'cancel_movement_id', 'updated_at'])
  THEN
    RAISE EXCEPTION 'hand-out % cannot be changed, only cancelled once', OLD.number
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;
