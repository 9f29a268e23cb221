import { Spinner } from '../../components/ui/spinner';
import './not-found.css';

/** Shown while a screen's code is fetched on first load. */
export function RouteLoading() {
  return (
    <div className="route-loading">
      <Spinner size="lg" label="Loading page" />
    </div>
  );
}
