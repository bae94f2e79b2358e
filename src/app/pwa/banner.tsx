// A banner fixed over the app (announced as it appears): its text and one button.
import { cn } from '../components/cn';

interface BannerProps {
  role: 'status' | 'alert';
  /** Where it stands and its colours. */
  className: string;
  text: string;
  action: string;
  onAction: () => void;
  /** The button's colours. */
  actionClassName: string;
}

export function Banner({ role, className, text, action, onAction, actionClassName }: BannerProps) {
  return (
    <div role={role} data-live-region="" className={className}>
      <span>{text}</span>
      <button
        type="button"
        onClick={onAction}
        className={cn('inline-flex h-10 items-center rounded-md px-3', actionClassName)}
      >
        {action}
      </button>
    </div>
  );
}
