import { BackLink, PageHeader } from '../ui/PageHeader'
import { MasterProductForm } from './MasterProductForm'
import { emptyMasterProductForm } from './master-product-form'
import { createMasterProductFn } from './master-product-save.functions'

export function MasterProductCreatePage() {
  return (
    <>
      <PageHeader
        title="Neues Stammprodukt"
        description="Ein Produkt in die zentrale Produktdatenbank aufnehmen. Organisationen können es danach übernehmen."
        back={<BackLink to="/admin/product-db">Produktdatenbank</BackLink>}
      />
      <MasterProductForm
        initial={emptyMasterProductForm}
        save={(product) => createMasterProductFn({ data: { product } })}
        submitLabel="Produkt anlegen"
        savedMessage="Das Produkt wurde angelegt."
      />
    </>
  )
}
