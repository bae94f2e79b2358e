// Small stroke icons (24x24 grid), decorative: buttons carry their own aria-label. Each icon
// is the data of its paths (circles and rounded rectangles written as arcs).
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

function Icon({ paths, className = 'h-5 w-5', ...props }: IconProps & { paths: readonly string[] }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...props}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/** The icon drawn by these paths. */
const icon = (...paths: string[]) =>
  function PathIcon(props: IconProps) {
    return <Icon paths={paths} {...props} />;
  };

export const MenuIcon = icon('M4 6h16M4 12h16M4 18h16');
export const BellIcon = icon('M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.94 1.94 0 0 0 3.4 0');
export const LogOutIcon = icon('M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4', 'm16 17 5-5-5-5M21 12H9');
export const DashboardIcon = icon(
  'M4 3h5a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1h-5a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1Z',
  'M15 3h5a1 1 0 0 1 1 1v3a1 1 0 0 1-1 1h-5a1 1 0 0 1-1-1v-3a1 1 0 0 1 1-1Z',
  'M15 12h5a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1h-5a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1Z',
  'M4 16h5a1 1 0 0 1 1 1v3a1 1 0 0 1-1 1h-5a1 1 0 0 1-1-1v-3a1 1 0 0 1 1-1Z',
);
export const PayableIcon = icon(
  'M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2h-16a2 2 0 0 1-2-2v-10a2 2 0 0 1 2-2Z',
  'M2 10h20',
);
export const ReceivableIcon = icon(
  'M4 2v20l2-1 2 1 2-1 2 1 2-1 2 1 2-1 2 1V2l-2 1-2-1-2 1-2-1-2 1-2-1-2 1Z',
  'M8 8h8M8 12h8M8 16h5',
);
export const CashFlowIcon = icon('m22 7-8.5 8.5-5-5L2 17', 'M16 7h6v6');
export const PackageIcon = icon('M21 8 12 3 3 8v8l9 5 9-5Z', 'm3 8 9 5 9-5M12 13v8');
export const UsersIcon = icon(
  'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2',
  'M13 7a4 4 0 1 1-8 0 4 4 0 1 1 8 0Z',
  'M22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75',
);
export const CartIcon = icon(
  'M9 21a1 1 0 1 1-2 0 1 1 0 1 1 2 0Z',
  'M20 21a1 1 0 1 1-2 0 1 1 0 1 1 2 0Z',
  'M2.05 2.05h2l2.66 12.42a2 2 0 0 0 2 1.58h9.78a2 2 0 0 0 1.95-1.57l1.65-7.43H5.12',
);
export const ReportIcon = icon('M3 3v18h18', 'M18 17V9M13 17V5M8 17v-3');
export const SettingsIcon = icon(
  'M15 12a3 3 0 1 1-6 0 3 3 0 1 1 6 0Z',
  'M19.4 15a1.65 1.65 0 0 0 .33 1.82l.06.06a2 2 0 1 1-2.83 2.83l-.06-.06a1.65 1.65 0 0 0-1.82-.33 1.65 1.65 0 0 0-1 1.51V21a2 2 0 1 1-4 0v-.09A1.65 1.65 0 0 0 9 19.4a1.65 1.65 0 0 0-1.82.33l-.06.06a2 2 0 1 1-2.83-2.83l.06-.06A1.65 1.65 0 0 0 4.68 15a1.65 1.65 0 0 0-1.51-1H3a2 2 0 1 1 0-4h.09A1.65 1.65 0 0 0 4.6 9a1.65 1.65 0 0 0-.33-1.82l-.06-.06a2 2 0 1 1 2.83-2.83l.06.06A1.65 1.65 0 0 0 9 4.68a1.65 1.65 0 0 0 1-1.51V3a2 2 0 1 1 4 0v.09a1.65 1.65 0 0 0 1 1.51 1.65 1.65 0 0 0 1.82-.33l.06-.06a2 2 0 1 1 2.83 2.83l-.06.06A1.65 1.65 0 0 0 19.4 9a1.65 1.65 0 0 0 1.51 1H21a2 2 0 1 1 0 4h-.09a1.65 1.65 0 0 0-1.51 1Z',
);
export const PlusIcon = icon('M12 5v14M5 12h14');
export const SearchIcon = icon('M18 11a7 7 0 1 1-14 0 7 7 0 1 1 14 0Z', 'm21 21-4.3-4.3');
export const FilterIcon = icon('M22 3H2l8 9.46V19l4 2v-8.54Z');
export const DownloadIcon = icon('M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4', 'm7 10 5 5 5-5M12 15V3');
export const UploadIcon = icon('M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4', 'm17 8-5-5-5 5M12 3v12');
export const PencilIcon = icon('M17 3a2.85 2.85 0 1 1 4 4L7.5 20.5 2 22l1.5-5.5Z');
export const TrashIcon = icon('M3 6h18M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2');
export const CloseIcon = icon('M18 6 6 18M6 6l12 12');
export const StoreIcon = icon(
  'M3 9 5 3h14l2 6',
  'M3 9a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0',
  'M5 12v9h14v-9M10 21v-5h4v5',
);
export const AlertIcon = icon('M22 12a10 10 0 1 1-20 0 10 10 0 1 1 20 0Z', 'M12 8v4M12 16h.01');
export const CheckIcon = icon('M20 6 9 17l-5-5');
export const BanIcon = icon('M22 12a10 10 0 1 1-20 0 10 10 0 1 1 20 0Z', 'm4.9 4.9 14.2 14.2');
export const RefreshIcon = icon('M21 12a9 9 0 1 1-2.64-6.36', 'M21 3v6h-6');
export const CalendarIcon = icon(
  'M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-14a2 2 0 0 1-2-2v-14a2 2 0 0 1 2-2Z',
  'M16 2v4M8 2v4M3 10h18',
);
export const PrintIcon = icon(
  'M6 9V2h12v7',
  'M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2',
  'M6 14h12v8H6z',
);
export const BarcodeIcon = icon('M3 5v14M7 5v14M11 5v14M14 5v14M18 5v14M21 5v14');
