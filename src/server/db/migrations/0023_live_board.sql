-- hand-written:
-- The live board (`/live`, ADR 046) hears of every change it shows on `live_board`: the
-- organisation's id and the kind of change as JSON, never anything about a person. Every app
-- process listens once and passes each change to that organisation's open screens only.
-- PostgreSQL sends a transaction's notifications at commit, once per distinct payload.
CREATE FUNCTION "notify_live_board"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_organisation uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed_organisation := OLD.organisation_id;
  ELSE
    changed_organisation := NEW.organisation_id;
  END IF;
  PERFORM pg_notify(
    'live_board',
    json_build_object('organisationId', changed_organisation, 'kind', TG_ARGV[0])::text
  );
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Customer orders: a new one, and every change of status or payment (the board's order tiles).
CREATE TRIGGER "customer_orders_live_board_inserted" AFTER INSERT ON "customer_orders"
  FOR EACH ROW EXECUTE FUNCTION "notify_live_board"('order');--> statement-breakpoint
CREATE TRIGGER "customer_orders_live_board_changed" AFTER UPDATE OF "status", "payment_status" ON "customer_orders"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.payment_status IS DISTINCT FROM NEW.payment_status)
  EXECUTE FUNCTION "notify_live_board"('order');--> statement-breakpoint
-- Hand-outs: recorded or cancelled (records are never otherwise changed, migration 0021).
CREATE TRIGGER "hand_outs_live_board_changed" AFTER INSERT OR UPDATE ON "hand_outs"
  FOR EACH ROW EXECUTE FUNCTION "notify_live_board"('hand_out');--> statement-breakpoint
-- Stock alerts: every stock movement moves its batch's balance, so batches cover the ledger and
-- the batch status (quarantine, release, block); reservations and thresholds move what is low.
CREATE TRIGGER "batches_live_board_changed" AFTER INSERT OR DELETE OR UPDATE OF "organisation_product_id", "status", "balance", "expiry_date" ON "batches"
  FOR EACH ROW EXECUTE FUNCTION "notify_live_board"('stock');--> statement-breakpoint
CREATE TRIGGER "stock_reservations_live_board_changed" AFTER INSERT OR DELETE OR UPDATE OF "batch_id", "quantity", "expires_at", "released_at", "consumed_at" ON "stock_reservations"
  FOR EACH ROW EXECUTE FUNCTION "notify_live_board"('stock');--> statement-breakpoint
CREATE TRIGGER "organisation_products_live_board_changed" AFTER UPDATE OF "low_stock_threshold", "archived_at" ON "organisation_products"
  FOR EACH ROW EXECUTE FUNCTION "notify_live_board"('stock');
