// The browser's BarcodeDetector, where it has one ('Ler código', camera-scan.tsx).

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

export function detectorClass(): BarcodeDetectorClass | null {
  return (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector ?? null;
}
