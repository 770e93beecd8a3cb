-- Tenant config version 2 (ADR 026): typed delivery methods, payment methods, price and stock
-- visibility, terms and withdrawal information. Converts every version-1 config in place and
-- leaves converted ones alone, so running it twice changes nothing.
-- Version 1 named its delivery methods by a free `id`; `pickup`, `courier` and `shipping` are
-- kept (the first of each), anything else cannot be typed and is dropped. Pickup takes the
-- shop's contact address, the courier serves the shop's own postal code, flowers may go every
-- way (as before). Payment: at pickup where pickup exists, by transfer where the organisation
-- has a bank account.
UPDATE tenants AS t
SET config = (t.config - 'deliveryMethods') || jsonb_build_object(
  'version', 2,
  'terms', '',
  'withdrawalInformation', '',
  'showPricesPublicly', true,
  'showStockAmounts', false,
  'deliveryMethods', coalesce(converted.methods, '[]'::jsonb),
  'paymentMethods', (
    SELECT coalesce(jsonb_agg(payment ORDER BY payment), '[]'::jsonb)
    FROM (
      SELECT 'pickup' AS payment
      WHERE converted.methods @> '[{"kind": "pickup"}]'::jsonb
      UNION ALL
      SELECT 'bank_transfer'
      FROM organisations AS o
      WHERE o.id = t.organisation_id AND o.iban IS NOT NULL
    ) AS payments
  )
)
FROM (
  SELECT inner_t.id, (
    SELECT jsonb_agg(method ORDER BY position)
    FROM (
      SELECT DISTINCT ON (v1.method->>'id') v1.position, CASE v1.method->>'id'
        WHEN 'pickup' THEN jsonb_build_object(
          'kind', 'pickup',
          'label', v1.method->>'label',
          'description', coalesce(v1.method->>'description', ''),
          'flowersAllowed', true,
          'street', coalesce(inner_t.config->'contact'->>'street', ''),
          'postalCode', inner_t.config->'contact'->>'postalCode',
          'city', coalesce(inner_t.config->'contact'->>'city', ''),
          'openingHours', coalesce(inner_t.config->'contact'->>'openingHours', '')
        )
        WHEN 'courier' THEN jsonb_build_object(
          'kind', 'courier',
          'label', v1.method->>'label',
          'description', coalesce(v1.method->>'description', ''),
          'flowersAllowed', true,
          'postalCodes', jsonb_build_array(inner_t.config->'contact'->>'postalCode'),
          'feeCents', coalesce((v1.method->>'priceCents')::integer, 0),
          'freeFromCents', NULL
        )
        ELSE jsonb_build_object(
          'kind', 'shipping',
          'label', v1.method->>'label',
          'description', coalesce(v1.method->>'description', ''),
          'flowersAllowed', true,
          'feeCents', coalesce((v1.method->>'priceCents')::integer, 0)
        )
      END AS method
      FROM jsonb_array_elements(coalesce(inner_t.config->'deliveryMethods', '[]'::jsonb))
        WITH ORDINALITY AS v1(method, position)
      WHERE v1.method->>'id' = 'shipping'
        OR (
          v1.method->>'id' IN ('pickup', 'courier')
          AND coalesce(inner_t.config->'contact'->>'postalCode', '') ~ '^[0-9]{5}$'
        )
      ORDER BY v1.method->>'id', v1.position
    ) AS typed
  ) AS methods
  FROM tenants AS inner_t
) AS converted
WHERE converted.id = t.id
  AND t.config IS NOT NULL
  AND NOT (t.config ? 'version');
