import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toasts';
import { requestCoordinates } from '../../../lib/geolocation';
import { reverseGeocode } from '../api/reverse-geocode';
import { PROFILE_UI_MESSAGES as M } from '../messages';
import { locationFromAddress, locationFromCoordinates } from './location';
import type { WizardLocation } from './wizard-form';

export interface LocationFieldProps {
  value: WizardLocation | null;
  onChange: (location: WizardLocation) => void;
  error?: string;
}

/**
 * Read-only location filled by the fetch-location button (SPEC §2): the browser's position, then the
 * address for it (GET /api/geo/reverse). When the position is refused the member is told why; when
 * only the address lookup fails, the coordinates are kept instead (SPEC §8 "Location").
 */
export function LocationField({ value, onChange, error }: LocationFieldProps) {
  const [fetching, setFetching] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const hintId = useId();

  const fetchLocation = async () => {
    setFetching(true);
    setFailure(null);
    setNotice(null);
    try {
      let coordinates;
      try {
        coordinates = await requestCoordinates({ timeout: 15_000 });
      } catch {
        setFailure(M.locationFailed);
        notify.error(M.locationFailedToast);
        return;
      }
      const { latitude, longitude } = coordinates;
      try {
        onChange(
          locationFromAddress(await reverseGeocode(latitude, longitude), latitude, longitude),
        );
      } catch {
        setNotice(M.addressFailed);
        onChange(locationFromCoordinates(latitude, longitude));
      }
    } finally {
      setFetching(false);
    }
  };

  return (
    <div className="location-field">
      <TextField
        label="Location"
        name="location"
        readOnly
        required
        value={value?.text ?? ''}
        placeholder="Use Fetch location to fill this in"
        aria-describedby={hintId}
        error={error}
        trailing={
          <Button
            variant="secondary"
            onClick={() => void fetchLocation()}
            loading={fetching}
            className="location-field__button"
          >
            {fetching ? 'Fetching...' : value ? 'Update location' : 'Fetch location'}
          </Button>
        }
      />
      <p id={hintId} className="visually-hidden">
        Filled in from your browser&apos;s location.
      </p>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {notice ? <Alert tone="warning">{notice}</Alert> : null}
    </div>
  );
}
