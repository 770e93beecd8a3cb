-- ADR 056: an order's totals are rounded gross (a patient's) or net (a business's). Orders placed
-- before were all computed net: they keep that basis, so their invoices repeat the totals the
-- customer was shown and paid. New orders set it from the customer's kind.
ALTER TABLE "customer_orders" ADD COLUMN "price_basis" text NOT NULL DEFAULT 'net';--> statement-breakpoint
ALTER TABLE "customer_orders" ALTER COLUMN "price_basis" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD CONSTRAINT "customer_orders_price_basis_known" CHECK ("customer_orders"."price_basis" in ('gross', 'net'));
