CREATE TABLE "defektur_day_counts" (
	"organisation_id" uuid NOT NULL,
	"organisation_product_id" uuid NOT NULL,
	"day" date NOT NULL,
	"packs" integer NOT NULL,
	CONSTRAINT "defektur_day_counts_organisation_product_id_day_pk" PRIMARY KEY("organisation_product_id","day"),
	CONSTRAINT "defektur_day_counts_packs" CHECK ("defektur_day_counts"."packs" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "preparation_instructions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"organisation_product_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preparation_instructions_version" CHECK ("preparation_instructions"."version" >= 1),
	CONSTRAINT "preparation_instructions_text" CHECK (length(trim("preparation_instructions"."text")) > 0)
);
--> statement-breakpoint
ALTER TABLE "filling_protocols" ADD COLUMN "instruction_id" uuid;--> statement-breakpoint
ALTER TABLE "filling_protocols" ADD COLUMN "appearance_checked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "filling_protocols" ADD COLUMN "labelling_checked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "filling_protocols" ADD COLUMN "check_note" text;--> statement-breakpoint
ALTER TABLE "defektur_day_counts" ADD CONSTRAINT "defektur_day_counts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "defektur_day_counts" ADD CONSTRAINT "defektur_day_counts_organisation_product_id_organisation_products_id_fk" FOREIGN KEY ("organisation_product_id") REFERENCES "public"."organisation_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preparation_instructions" ADD CONSTRAINT "preparation_instructions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preparation_instructions" ADD CONSTRAINT "preparation_instructions_organisation_product_id_organisation_products_id_fk" FOREIGN KEY ("organisation_product_id") REFERENCES "public"."organisation_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preparation_instructions" ADD CONSTRAINT "preparation_instructions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "preparation_instructions_version_unique" ON "preparation_instructions" USING btree ("organisation_product_id","version");--> statement-breakpoint
ALTER TABLE "filling_protocols" ADD CONSTRAINT "filling_protocols_instruction_id_preparation_instructions_id_fk" FOREIGN KEY ("instruction_id") REFERENCES "public"."preparation_instructions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Row-level security as for the other filling tables (ADR 050).
ALTER TABLE "preparation_instructions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "preparation_instructions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY organisation_scope ON "preparation_instructions"
  USING (app_may_access_organisation(organisation_id))
  WITH CHECK (app_may_access_organisation(organisation_id));--> statement-breakpoint
ALTER TABLE "defektur_day_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "defektur_day_counts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY organisation_scope ON "defektur_day_counts"
  USING (app_may_access_organisation(organisation_id))
  WITH CHECK (app_may_access_organisation(organisation_id));--> statement-breakpoint
-- An instruction version is a record: a change is a new version, never an edit (ADR 064).
CREATE FUNCTION "preparation_instructions_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'preparation instructions are kept: % is not allowed, a change is a new version', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "preparation_instructions_no_change" BEFORE UPDATE OR DELETE ON "preparation_instructions"
  FOR EACH ROW EXECUTE FUNCTION "preparation_instructions_kept"();--> statement-breakpoint
CREATE TRIGGER "preparation_instructions_no_truncate" BEFORE TRUNCATE ON "preparation_instructions"
  FOR EACH STATEMENT EXECUTE FUNCTION "preparation_instructions_kept"();
