CREATE TYPE "public"."product_import_row_status" AS ENUM('new', 'changed', 'unchanged', 'invalid');--> statement-breakpoint
CREATE TABLE "product_import_rows" (
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"status" "product_import_row_status" NOT NULL,
	"pzn" text,
	"product_id" uuid,
	"errors" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	CONSTRAINT "product_import_rows_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "new_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "changed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "skipped_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "progress_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_import_rows" ADD CONSTRAINT "product_import_rows_import_id_product_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."product_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_import_rows" ADD CONSTRAINT "product_import_rows_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_import_rows_status_idx" ON "product_import_rows" USING btree ("import_id","status","line");--> statement-breakpoint
ALTER TABLE "product_imports" DROP COLUMN "rows";--> statement-breakpoint
ALTER TABLE "product_imports" DROP COLUMN "updated_at";