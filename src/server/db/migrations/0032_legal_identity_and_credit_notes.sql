CREATE TYPE "public"."legal_form" AS ENUM('sole_proprietor', 'registered_merchant', 'ohg', 'kg', 'gmbh', 'ug', 'ag', 'eg', 'ev');--> statement-breakpoint
ALTER TYPE "public"."document_kind" ADD VALUE 'credit_note';--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "legal_form" "legal_form";--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "register_court" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "register_number" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "managers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "supervisory_board_chair" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "corrects_document_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_corrects_document_id_documents_id_fk" FOREIGN KEY ("corrects_document_id") REFERENCES "public"."documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_corrects_idx" ON "documents" USING btree ("corrects_document_id");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_credit_note_refers" CHECK (("documents"."kind"::text = 'credit_note') = ("documents"."corrects_document_id" is not null));--> statement-breakpoint
-- The shop reads its contact from the organisation's record (tenants.server.ts): the tenant cache
-- forgets its answers when that changes too.
DROP TRIGGER "organisations_tenants_changed" ON "organisations";--> statement-breakpoint
CREATE TRIGGER "organisations_tenants_changed" AFTER UPDATE OF "category", "deactivated_at", "email", "phone", "street", "postal_code", "city" ON "organisations"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_tenants_changed"();
