/**
 * Document rendering: frozen `DocumentContent` in, bytes out. No database, no clock (ADR 022).
 */
export { renderFacturX, renderXRechnung, toEInvoice } from './e-invoice.server'
export {
  DocumentContentError,
  type RenderOptions,
  renderCancellationInvoicePdf,
  renderCreditNotePdf,
  renderDeliveryNotePdf,
  renderDocumentPdfOf,
  renderInvoicePdf,
  renderOrderConfirmationPdf,
} from './pdf.server'
export {
  type PrescriptionSample,
  renderPrescriptionSamplePdf,
  sampleWatermark,
} from './prescription-sample.server'
