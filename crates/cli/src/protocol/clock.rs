//! How long a search may take: a fixed time, or a share of the clock.

use std::time::Duration;

/// What is kept back from every clocked move for the protocol's own
/// delays (reading, writing, starting the search's thread).
pub const OVERHEAD: Duration = Duration::from_millis(30);

/// The shortest search given.
pub const MIN_TIME: Duration = Duration::from_millis(5);

/// The time for one move with `left` on the clock, `increment` after each
/// move and `moves_to_go` moves to the next time control (none: the
/// whole game, counted as 30 more moves): the clock shared over the moves
/// to go plus most of the increment, never more than half of what is left.
pub fn budget(left: Duration, increment: Duration, moves_to_go: Option<u32>) -> Duration {
    let usable = left.saturating_sub(OVERHEAD);
    let share = usable / moves_to_go.unwrap_or(30).clamp(1, 60);
    let with_inc = share.saturating_add(increment / 4 * 3);
    let t = with_inc.min(usable / 2);
    Duration::from_millis(u64::try_from(t.as_millis()).unwrap_or(u64::MAX)).max(MIN_TIME)
}

/// A fixed time per move, less the overhead.
pub fn fixed(time: Duration) -> Duration {
    time.saturating_sub(OVERHEAD / 2).max(MIN_TIME)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets() {
        let s = Duration::from_secs;
        let ms = Duration::from_millis;
        // 10 s, no increment: a 30th.
        assert_eq!(budget(s(10), ms(0), None), ms(332));
        // 10 s + 0.1: the increment's three quarters more.
        assert_eq!(budget(s(10), ms(100), None), ms(407));
        // One move to go: half of what is left.
        assert_eq!(budget(s(10), ms(0), Some(1)), ms(4985));
        // Almost nothing left: the least.
        assert_eq!(budget(ms(10), ms(0), None), MIN_TIME);
        assert_eq!(fixed(ms(1000)), ms(985));
        assert_eq!(fixed(ms(1)), MIN_TIME);
        assert!(budget(Duration::MAX, Duration::MAX, None) > s(1));
    }
}
