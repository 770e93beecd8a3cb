CREATE TYPE "public"."document_kind" AS ENUM('invoice', 'cancellation_invoice', 'delivery_note', 'order_confirmation');--> statement-breakpoint
ALTER TYPE "public"."stored_file_purpose" ADD VALUE 'issued_document';--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"kind" "document_kind" NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"cancels_document_id" uuid,
	"content" jsonb NOT NULL,
	"pdf_file_id" uuid NOT NULL,
	"xml_file_id" uuid,
	"net_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" uuid,
	CONSTRAINT "documents_totals" CHECK ("documents"."gross_cents" = "documents"."net_cents" + "documents"."vat_cents"),
	CONSTRAINT "documents_cancellation_refers" CHECK (("documents"."kind" = 'cancellation_invoice') = ("documents"."cancels_document_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "purchase_order_shipment_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"purchase_order_id" uuid NOT NULL,
	"purchase_order_item_id" uuid NOT NULL,
	"batch_number" text NOT NULL,
	"quantity" integer NOT NULL,
	"expiry_date" date,
	"certificate_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_order_shipment_lines_quantity_positive" CHECK ("purchase_order_shipment_lines"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_order_id_customer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_cancels_document_id_documents_id_fk" FOREIGN KEY ("cancels_document_id") REFERENCES "public"."documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_pdf_file_id_stored_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_xml_file_id_stored_files_id_fk" FOREIGN KEY ("xml_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_shipment_lines" ADD CONSTRAINT "purchase_order_shipment_lines_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_shipment_lines" ADD CONSTRAINT "purchase_order_shipment_lines_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_shipment_lines" ADD CONSTRAINT "purchase_order_shipment_lines_purchase_order_item_id_purchase_order_items_id_fk" FOREIGN KEY ("purchase_order_item_id") REFERENCES "public"."purchase_order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_shipment_lines" ADD CONSTRAINT "purchase_order_shipment_lines_certificate_file_id_stored_files_id_fk" FOREIGN KEY ("certificate_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_number_unique" ON "documents" USING btree ("organisation_id","kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_cancels_unique" ON "documents" USING btree ("cancels_document_id") WHERE "documents"."cancels_document_id" is not null;--> statement-breakpoint
CREATE INDEX "documents_organisation_idx" ON "documents" USING btree ("organisation_id","issued_at");--> statement-breakpoint
CREATE INDEX "documents_order_idx" ON "documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "documents_customer_idx" ON "documents" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "purchase_order_shipment_lines_order_idx" ON "purchase_order_shipment_lines" USING btree ("purchase_order_id");