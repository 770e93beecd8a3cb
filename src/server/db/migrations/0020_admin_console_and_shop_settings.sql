ALTER TYPE "public"."stored_file_purpose" ADD VALUE 'shop_logo';--> statement-breakpoint
ALTER TABLE "contact_messages" ALTER COLUMN "client_ip" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_by" uuid;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_created_idx" ON "audit_events" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_action_created_idx" ON "audit_events" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_entity_type_created_idx" ON "audit_events" USING btree ("entity_type","created_at");--> statement-breakpoint
CREATE INDEX "outbox_mails_status_created_idx" ON "outbox_mails" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "outbox_mails_created_idx" ON "outbox_mails" USING btree ("created_at");--> statement-breakpoint
-- Every process caches the tenant of each host (tenants.server.ts, ADR 040): a change of a
-- tenant, or of what the cache keeps of its organisation, tells them all to forget.
CREATE FUNCTION "notify_tenants_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tenants_changed', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tenants_changed" AFTER INSERT OR UPDATE OR DELETE ON "tenants"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_tenants_changed"();--> statement-breakpoint
CREATE TRIGGER "organisations_tenants_changed" AFTER UPDATE OF "category", "deactivated_at" ON "organisations"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_tenants_changed"();
