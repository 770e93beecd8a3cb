CREATE INDEX "batches_sellable_idx" ON "batches" USING btree ("organisation_id","organisation_product_id") WHERE "batches"."status" = 'released' and "batches"."balance" > 0;--> statement-breakpoint
CREATE INDEX "stock_reservations_active_idx" ON "stock_reservations" USING btree ("organisation_id","expires_at","batch_id","quantity") WHERE "stock_reservations"."released_at" is null and "stock_reservations"."consumed_at" is null;--> statement-breakpoint
-- The shop catalogue's per-process caches (ADR 027) hear of every change of what it shows: the
-- organisation's id on `shop_catalogue_changed` ('*' for a master product, which any organisation
-- may list). PostgreSQL sends a transaction's notifications at commit, once per distinct payload.
CREATE FUNCTION "notify_shop_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('shop_catalogue_changed', coalesce(OLD.organisation_id::text, '*'));
  ELSE
    PERFORM pg_notify('shop_catalogue_changed', coalesce(NEW.organisation_id::text, '*'));
    IF TG_OP = 'UPDATE' AND OLD.organisation_id IS DISTINCT FROM NEW.organisation_id THEN
      PERFORM pg_notify('shop_catalogue_changed', coalesce(OLD.organisation_id::text, '*'));
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_shop_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "products"
  FOR EACH ROW EXECUTE FUNCTION "notify_shop_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "organisation_products_shop_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "organisation_products"
  FOR EACH ROW EXECUTE FUNCTION "notify_shop_catalogue_changed"();--> statement-breakpoint
-- Every stock movement moves its batch's balance, so batches cover the ledger too.
CREATE TRIGGER "batches_shop_catalogue_changed" AFTER INSERT OR DELETE OR UPDATE OF "organisation_id", "organisation_product_id", "status", "balance", "expiry_date", "thc_content", "cbd_content" ON "batches"
  FOR EACH ROW EXECUTE FUNCTION "notify_shop_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "stock_reservations_shop_catalogue_changed" AFTER INSERT OR DELETE OR UPDATE OF "organisation_id", "batch_id", "quantity", "expires_at", "released_at", "consumed_at" ON "stock_reservations"
  FOR EACH ROW EXECUTE FUNCTION "notify_shop_catalogue_changed"();
