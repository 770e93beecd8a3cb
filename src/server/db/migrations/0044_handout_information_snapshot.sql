ALTER TABLE "hand_outs" DROP CONSTRAINT "hand_outs_kind_complete";--> statement-breakpoint
ALTER TABLE "hand_outs" ADD COLUMN "information" text;--> statement-breakpoint
-- A club hand-out recorded before the snapshot: the club's text as it reads now, else the template
-- as it read when this migration was written (ADR 069).
SET LOCAL ROLE blattwerk_system;--> statement-breakpoint
UPDATE "hand_outs" SET "information" = coalesce("organisations"."handout_information", $template$Risiken des Konsums
Cannabis kann abhängig machen. Regelmäßiger Konsum kann Gedächtnis, Aufmerksamkeit und Lernfähigkeit beeinträchtigen – besonders bis zum Alter von etwa 25 Jahren, solange sich das Gehirn noch entwickelt.
Cannabis kann Psychosen und Angststörungen auslösen oder verstärken, besonders bei hohem THC-Gehalt und entsprechender Veranlagung.
Nach dem Konsum nicht Auto fahren und keine Maschinen bedienen. Nicht in Schwangerschaft und Stillzeit konsumieren. Für Kinder und Jugendliche unzugänglich aufbewahren; die Weitergabe an andere ist verboten.

Wechselwirkungen mit Medikamenten
THC und CBD können die Wirkung anderer Arzneimittel verstärken oder abschwächen, zum Beispiel von Beruhigungs- und Schlafmitteln, Antidepressiva, Mitteln gegen Epilepsie, Blutverdünnern und Schmerzmitteln (Opioiden). Wenn du Medikamente nimmst, frag vor dem Konsum deine Ärztin, deinen Arzt oder deine Apotheke.
Nicht mit Alkohol oder anderen Substanzen mischen: Die Wirkungen verstärken sich gegenseitig.

Anwendung und Dosierung
Fang mit einer kleinen Menge an und warte die Wirkung ab, bevor du mehr nimmst: Beim Rauchen oder Verdampfen setzt sie nach Minuten ein, beim Essen oder Trinken erst nach 30 bis 90 Minuten und hält viele Stunden an.
Verdampfen belastet die Lunge weniger als Rauchen; nicht mit Tabak mischen. Je höher der THC-Gehalt, desto stärker die Wirkung und die Risiken.
Trocken, dunkel und kühl in der verschlossenen Verpackung lagern und bis zum Mindesthaltbarkeitsdatum verbrauchen.

Beratung und Hilfe
Sucht & Drogen Hotline: 01806 313031 (rund um die Uhr, 0,20 € pro Anruf aus dem Festnetz)
Informationen zu Cannabis: www.infos-cannabis.de
Anonyme Online-Beratung: www.drugcom.de
Suchtberatungsstellen in deiner Nähe: www.suchthilfeverzeichnis.de
Im Verein: deine Ansprechperson für Prävention$template$)
FROM "organisations"
WHERE "organisations"."id" = "hand_outs"."organisation_id" AND "hand_outs"."customer_order_id" IS NULL;--> statement-breakpoint
RESET ROLE;--> statement-breakpoint
ALTER TABLE "hand_outs" ADD CONSTRAINT "hand_outs_kind_complete" CHECK (("hand_outs"."customer_order_id" is null and "hand_outs"."age_class" is not null and "hand_outs"."thc_content" is not null and "hand_outs"."cbd_content" is not null and "hand_outs"."pack_unit" = 'g' and "hand_outs"."information" is not null) or ("hand_outs"."customer_order_id" is not null and "hand_outs"."age_class" is null and "hand_outs"."cancelled_at" is null and "hand_outs"."form_of_use" is not null and "hand_outs"."prescriber_name" is not null and "hand_outs"."prepared_on" is not null and "hand_outs"."storage_note" is not null));