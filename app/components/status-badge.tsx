import type { DeliveryStatus } from "~/db/schema";
import { statusLabelId } from "~/deliveries/delivery-format";
import { useT } from "~/i18n/i18n";

/**
 * A delivery's status as a coloured badge with its label (Pending, Assigned, Picked Up,
 * In Transit, Delivered, Cancelled, Returning, Returned). Shared by the booking, rider and admin pages; its styles are
 * inline so no page has to remember to link a stylesheet.
 */
const COLOURS: Record<DeliveryStatus, { background: string; color: string }> = {
  pending: { background: "#fef3c7", color: "#92400e" },
  assigned: { background: "#dbeafe", color: "#1e40af" },
  picked_up: { background: "#e0e7ff", color: "#3730a3" },
  in_transit: { background: "#ede9fe", color: "#5b21b6" },
  delivered: { background: "#dcfce7", color: "#166534" },
  cancelled: { background: "#fee2e2", color: "#991b1b" },
  returning: { background: "#ffedd5", color: "#9a3412" },
  returned: { background: "#e5e7eb", color: "#374151" },
};

export function StatusBadge({ status }: { status: DeliveryStatus }) {
  const t = useT();
  return (
    <span
      className="status-badge"
      data-status={status}
      style={{
        ...COLOURS[status],
        display: "inline-block",
        padding: "0.125rem 0.5rem",
        borderRadius: "999px",
        fontSize: "0.75rem",
        fontWeight: 600,
        lineHeight: 1.5,
        whiteSpace: "nowrap",
      }}
    >
      {t(statusLabelId(status))}
    </span>
  );
}
