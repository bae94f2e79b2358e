/** A text a barcode cannot carry; the message is a pt-BR sentence. */
export class BarcodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BarcodeError';
  }
}
