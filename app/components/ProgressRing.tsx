import { useId } from 'react';
import { PROGRESS_RING_DEFAULT_SIZE, PROGRESS_RING_DEFAULT_STROKE } from '../../core/constants';

type ProgressRingProps = {
  /** Percent; values above 100 show as a full ring with the goal-reached star. */
  progress: number;
  size?: number;
  strokeWidth?: number;
  shape?: 'circle' | 'square';
  showPercentage?: boolean;
  label?: string;
  /**
   * 'goal' (the default): green to gold, a star at 100%. 'curve': a bonding curve's progress
   * toward graduation, in the curve's own blue and never with the goal star, so a full curve is
   * not read as a funded campaign.
   */
  tone?: 'goal' | 'curve';
};

function GoalStar({ size }: { size: number }) {
  const s = size * 0.32;
  return (
    <svg x={(size - s) / 2} y={(size - s) / 2} width={s} height={s} viewBox="0 0 24 24" data-testid="goal-star">
      <title>Goal reached</title>
      <path fill="#facc15" stroke="#eab308" strokeWidth="1" d="M12 2.5l2.9 6 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.2 1.3-6.6L2.5 9.3l6.6-.8z" />
    </svg>
  );
}

/** A bonding-curve style progress indicator: a circle or rounded square that fills clockwise. */
/** A whole percent that says 100 only when it is: 99.8% is '99%' until the curve is full. */
export function percentShown(value: number): number {
  return value >= 100 ? Math.round(value) : Math.min(99, Math.round(value));
}

export function ProgressRing({
  progress, size = PROGRESS_RING_DEFAULT_SIZE, strokeWidth = PROGRESS_RING_DEFAULT_STROKE,
  shape = 'circle', showPercentage = true, label = 'Progress', tone = 'goal',
}: ProgressRingProps) {
  const gradientId = useId();
  const value = Number.isFinite(progress) ? Math.max(0, progress) : 0;
  const fill = Math.min(value, 100) / 100;
  const reached = tone === 'goal' && value >= 100;
  const [from, to] = tone === 'curve' ? ['#7dd3fc', '#6366f1'] : ['#34d399', reached ? '#facc15' : '#059669'];
  const shown = percentShown(value);
  const inset = strokeWidth / 2;
  const side = size - strokeWidth;
  const radius = side / 2;
  const corner = side * 0.22;
  // pathLength=100 makes the dash arithmetic identical for both shapes.
  const track = shape === 'circle'
    ? { as: 'circle' as const, props: { cx: size / 2, cy: size / 2, r: radius } }
    : { as: 'rect' as const, props: { x: inset, y: inset, width: side, height: side, rx: corner } };
  const Shape = track.as;

  return (
    <svg
      width={size} height={size} viewBox={`0 0 ${size} ${size}`} role="img"
      aria-label={`${label}: ${shown}%${reached ? ', goal reached' : ''}`}
      data-progress={shown}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor={from} />
          <stop offset="100%" stopColor={to} />
        </linearGradient>
      </defs>
      <Shape {...track.props} fill="none" stroke="currentColor" strokeOpacity={0.15} strokeWidth={strokeWidth} />
      <Shape
        {...track.props} fill="none" stroke={`url(#${gradientId})`} strokeWidth={strokeWidth} strokeLinecap="round"
        pathLength={100} strokeDasharray={`${fill * 100} 100`}
        transform={shape === 'circle' ? `rotate(-90 ${size / 2} ${size / 2})` : undefined}
        style={{ transition: 'stroke-dasharray 0.4s ease' }}
      />
      {reached && <GoalStar size={size} />}
      {showPercentage && (
        <text
          x="50%" y={reached ? size * 0.82 : '50%'} dominantBaseline="middle" textAnchor="middle"
          fontSize={reached ? size * 0.12 : size * 0.2} fontWeight={700} fill="currentColor"
        >
          {shown}%
        </text>
      )}
    </svg>
  );
}
