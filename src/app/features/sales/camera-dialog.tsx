// 'Ler código''s dialog (camera-scan.tsx): the camera's picture until the browser's
// BarcodeDetector reads a code in it.
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { Dialog, DialogFooter } from '../../components/dialog';
import { useLatest } from '../../components/use-latest';
import { detectorClass } from './barcode-detector';

const FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'itf'];

export function CameraDialog({ onClose, onCode }: { onClose: () => void; onCode: (code: string) => void }) {
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
