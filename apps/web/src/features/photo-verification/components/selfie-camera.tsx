import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import styles from './selfie-camera.module.css';

export interface SelfieCameraProps {
  /** The selfie as the camera took it (not mirrored), or the chosen file. */
  onCapture: (selfie: Blob) => void;
}

type CameraState = 'starting' | 'on' | 'unavailable';

/** Browsers without getUserMedia (and pages not served over HTTPS) have no camera to offer. */
function hasCamera(): boolean {
  return typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/**
 * The front camera (getUserMedia) with a Take selfie button; the preview is mirrored like a
 * mirror, the picture is not. A file picker is always offered, and is the way when the browser has
 * no camera or the member says no.
 */
export function SelfieCamera({ onCapture }: SelfieCameraProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>(() => (hasCamera() ? 'starting' : 'unavailable'));
  const fileId = useId();

  useEffect(() => {
    let stream: MediaStream | undefined;
    let cancelled = false;
    if (!hasCamera()) return undefined;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'user', width: { ideal: 1280 } }, audio: false })
      .then((media) => {
        if (cancelled) {
          media.getTracks().forEach((track) => track.stop());
          return;
        }
        stream = media;
        const video = videoRef.current;
        if (video) {
          video.srcObject = media;
          void video.play().catch(() => {});
        }
        setState('on');
      })
      .catch(() => {
        if (!cancelled) setState('unavailable');
      });
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  function capture() {
    const video = videoRef.current;
    if (!video || video.videoWidth === 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    canvas.toBlob((blob) => blob && onCapture(blob), 'image/jpeg', 0.92);
  }

  return (
    <div className={styles.camera}>
      {state !== 'unavailable' ? (
        <video
          ref={videoRef}
          className={styles.preview}
          autoPlay
          playsInline
          muted
          aria-label="Camera preview"
        />
      ) : (
        <p className={styles.note}>
          Your camera isn&apos;t available here. You can choose a selfie you take now instead.
        </p>
      )}
      <div className={styles.actions}>
        {state === 'on' ? <Button onClick={capture}>Take selfie</Button> : null}
        <input
          id={fileId}
          className={styles.fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          capture="user"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onCapture(file);
          }}
        />
        <label htmlFor={fileId} className={styles.fileLabel}>
          Choose a selfie file
        </label>
      </div>
    </div>
  );
}
