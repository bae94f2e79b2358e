// 'Ler código': reads a barcode with the camera of a phone or tablet, through the
// browser's BarcodeDetector. Where the browser has none (desktop Chromium on Linux and
// Windows, Firefox, Safari), the button is not shown. Its dialog (camera-dialog.tsx) is
// loaded when first opened.
import { useState } from 'react';
import { Button } from '../../components/button';
import { BarcodeIcon } from '../../components/icons';
import { lazyPart } from '../../components/lazy-part';
import { detectorClass } from './barcode-detector';

const CameraDialog = lazyPart(() => import('./camera-dialog'), 'CameraDialog');

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
