CREATE TABLE "number_series_prefixes" (
	"organisation_id" uuid NOT NULL,
	"series" text NOT NULL,
	"prefix" text NOT NULL,
	"locked_at" timestamp with time zone,
	CONSTRAINT "number_series_prefixes_organisation_id_series_pk" PRIMARY KEY("organisation_id","series"),
	CONSTRAINT "number_series_prefixes_prefix_unique" UNIQUE("organisation_id","prefix"),
	CONSTRAINT "number_series_prefixes_prefix_format" CHECK ("number_series_prefixes"."prefix" ~ '^[A-Z][A-Z0-9]{1,5}$')
);
--> statement-breakpoint
ALTER TABLE "number_series_prefixes" ADD CONSTRAINT "number_series_prefixes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Every series that has issued numbers keeps them and is locked (ADR 058). Hand-outs used `AB` like
-- order confirmations: their series continues under `AG`; the records issued as `AB-…` stay as
-- they are (documents already issued never change). The counters are read in the system scope
-- (ADR 050): an owner that is not a superuser sees no row of them otherwise.
SET LOCAL ROLE blattwerk_system;--> statement-breakpoint
INSERT INTO "number_series_prefixes" ("organisation_id", "series", "prefix", "locked_at")
SELECT "organisation_id", "series",
  CASE "series"
    WHEN 'invoice' THEN 'RE' WHEN 'delivery_note' THEN 'LS' WHEN 'order_confirmation' THEN 'AB'
    WHEN 'customer_order' THEN 'AU' WHEN 'purchase_order' THEN 'EK' WHEN 'hand_out' THEN 'AG'
    WHEN 'filling' THEN 'AF' WHEN 'harvest' THEN 'ER'
  END,
  now()
FROM "number_counters"
WHERE "series" IN ('invoice', 'delivery_note', 'order_confirmation', 'customer_order',
  'purchase_order', 'hand_out', 'filling', 'harvest')
GROUP BY "organisation_id", "series";
--> statement-breakpoint
RESET ROLE;--> statement-breakpoint
ALTER TABLE "number_series_prefixes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "number_series_prefixes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY organisation_scope ON "number_series_prefixes"
  USING (app_may_access_organisation(organisation_id))
  WITH CHECK (app_may_access_organisation(organisation_id));
