// 'Ler código': reads a barcode with the camera of a phone or tablet, through the
// browser's BarcodeDetector. Where the browser has none (desktop Chromium on Linux and
// Windows, Firefox, Safari), the button is not shown.
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { Dialog, DialogFooter } from '../../components/dialog';
import { useLatest } from '../../components/use-latest';
import { BarcodeIcon } from '../../components/icons';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

const FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'itf'];

function detectorClass(): BarcodeDetectorClass | null {
  return (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector ?? null;
}

export function CameraScanButton({ onCode }: { onCode: (code: string) => void }) {
  const [open, setOpen] = useState(false);
  if (!detectorClass()) return null;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <BarcodeIcon className="h-4 w-4" />
        Ler código
      </Button>
      {open ? (
        <CameraDialog
          onClose={() => setOpen(false)}
          onCode={(code) => {
            setOpen(false);
            onCode(code);
          }}
        />
      ) : null}
    </>
  );
}

function CameraDialog({ onClose, onCode }: { onClose: () => void; onCode: (code: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const onCodeRef = useLatest(onCode);

  useEffect(() => {
    const Detector = detectorClass()!;
    const detector = new Detector({ formats: FORMATS });
    let stream: MediaStream | null = null;
    let stopped = false;
    let frame = 0;
    async function look() {
      const video = videoRef.current;
      if (stopped || !video) return;
      if (video.readyState >= 2) {
        const [found] = await detector.detect(video).catch(() => []);
        if (found && !stopped) return onCodeRef.current(found.rawValue);
      }
      frame = requestAnimationFrame(() => void look());
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (stopped || !videoRef.current) return;
        videoRef.current.srcObject = media;
        await videoRef.current.play();
        void look();
      })
      .catch(() => setProblem('Não foi possível usar a câmera. Verifique a permissão do navegador.'));
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onCodeRef]);

  return (
    <Dialog open onClose={onClose} title="Ler código" description="Aponte a câmera para o código de barras.">
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : (
        <video ref={videoRef} muted playsInline className="aspect-video w-full rounded-md bg-slate-900" />
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Fechar
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
