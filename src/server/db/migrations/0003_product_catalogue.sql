-- Trigram indexes serve the product search (prefix and substring, ADR 015).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- The one normalisation of searched text, for stored columns and queries alike: case, umlauts
-- (ä, ae → a), ß → ss and common accents folded. Explicit upper-case letters, because lower()
-- folds only ASCII under the C locale PGlite runs with.
CREATE OR REPLACE FUNCTION product_search_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT replace(replace(replace(replace(
    lower(translate(value,
      'ÄÖÜÀÁÂÃÅÈÉÊËÌÍÎÏÒÓÔÕÙÚÛÑÇäöüàáâãåèéêëìíîïòóôõùúûñç',
      'AOUAAAAAEEEEIIIIOOOOUUUNCaouaaaaaeeeeiiiioooouuunc')),
    'ß', 'ss'), 'ae', 'a'), 'oe', 'o'), 'ue', 'u')
$$;--> statement-breakpoint
CREATE TYPE "public"."stored_file_purpose" AS ENUM('product_image');--> statement-breakpoint
CREATE TYPE "public"."cannabinoid_unit" AS ENUM('percent', 'mg_per_ml', 'mg_per_g', 'mg_per_piece');--> statement-breakpoint
CREATE TYPE "public"."pack_unit" AS ENUM('g', 'ml', 'piece');--> statement-breakpoint
CREATE TYPE "public"."product_category" AS ENUM('flower', 'extract', 'cbd_solution', 'dronabinol', 'accessory');--> statement-breakpoint
CREATE TYPE "public"."product_dominance" AS ENUM('indica', 'sativa', 'balanced');--> statement-breakpoint
CREATE TYPE "public"."product_genetics" AS ENUM('indica', 'sativa', 'hybrid');--> statement-breakpoint
CREATE TYPE "public"."product_import_status" AS ENUM('previewed', 'running', 'completed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."product_status" AS ENUM('active', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."sales_unit" AS ENUM('gram', 'pack');--> statement-breakpoint
CREATE TYPE "public"."vat_rate" AS ENUM('19', '7', '0');--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid,
	"purpose" "stored_file_purpose" NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"sales_unit" "sales_unit" NOT NULL,
	"base_units_per_sales_unit" integer NOT NULL,
	"order_step" integer DEFAULT 1 NOT NULL,
	"min_order_quantity" integer,
	"max_order_quantity" integer,
	"price_cents" integer NOT NULL,
	"vat_rate" "vat_rate" DEFAULT '19' NOT NULL,
	"visible_in_shop" boolean DEFAULT false NOT NULL,
	"low_stock_threshold" integer,
	"product_revision_seen" integer NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_products_price_non_negative" CHECK ("organisation_products"."price_cents" >= 0),
	CONSTRAINT "organisation_products_base_units_positive" CHECK ("organisation_products"."base_units_per_sales_unit" > 0),
	CONSTRAINT "organisation_products_order_step_positive" CHECK ("organisation_products"."order_step" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" uuid NOT NULL,
	"file_name" text NOT NULL,
	"header" jsonb NOT NULL,
	"rows" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"status" "product_import_status" DEFAULT 'previewed' NOT NULL,
	"total_rows" integer NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"unchanged_count" integer DEFAULT 0 NOT NULL,
	"invalid_count" integer DEFAULT 0 NOT NULL,
	"failure_message" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid,
	"pzn" text,
	"name" text NOT NULL,
	"manufacturer" text NOT NULL,
	"brand" text,
	"category" "product_category" NOT NULL,
	"cultivar" text,
	"genetics" "product_genetics",
	"dominance" "product_dominance",
	"thc_content" numeric(7, 3),
	"cbd_content" numeric(7, 3),
	"cannabinoid_unit" "cannabinoid_unit",
	"terpenes" text[] DEFAULT '{}'::text[] NOT NULL,
	"irradiated" boolean DEFAULT false NOT NULL,
	"country_of_cultivation" text,
	"pack_base_units" integer NOT NULL,
	"pack_unit" "pack_unit" NOT NULL,
	"description" text,
	"image_file_id" uuid,
	"status" "product_status" DEFAULT 'active' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"search_text" text GENERATED ALWAYS AS (product_search_key(name || ' ' || coalesce(pzn, '') || ' ' || coalesce(cultivar, '') || ' ' || manufacturer || ' ' || coalesce(brand, ''))) STORED NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_pack_base_units_positive" CHECK ("products"."pack_base_units" > 0),
	CONSTRAINT "products_revision_positive" CHECK ("products"."revision" > 0)
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_products" ADD CONSTRAINT "organisation_products_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_products" ADD CONSTRAINT "organisation_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_products" ADD CONSTRAINT "organisation_products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_imports" ADD CONSTRAINT "product_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_image_file_id_stored_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_organisation_idx" ON "stored_files" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_products_listing_unique" ON "organisation_products" USING btree ("organisation_id","product_id");--> statement-breakpoint
CREATE INDEX "organisation_products_organisation_idx" ON "organisation_products" USING btree ("organisation_id","archived_at");--> statement-breakpoint
CREATE INDEX "product_imports_created_idx" ON "product_imports" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "products_master_pzn_unique" ON "products" USING btree ("pzn") WHERE "products"."organisation_id" is null;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_organisation_idx" ON "products" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "products_master_name_idx" ON "products" USING btree ("name") WHERE "products"."organisation_id" is null;