ALTER TABLE "documents" DROP CONSTRAINT "documents_credit_note_refers";--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_credit_note_refers" CHECK (("documents"."kind"::text = 'credit_note') = ("documents"."corrects_document_id" is not null));--> statement-breakpoint
-- The shop reads its contact from the organisation's record (tenants.server.ts): the tenant cache
-- forgets its answers when that changes too.
DROP TRIGGER "organisations_tenants_changed" ON "organisations";--> statement-breakpoint
CREATE TRIGGER "organisations_tenants_changed" AFTER UPDATE OF "category", "deactivated_at", "email", "phone", "street", "postal_code", "city" ON "organisations"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_tenants_changed"();
