//! How long a search may take: a fixed time, or a share of the clock.

use std::time::Duration;

/// What is kept back from every clocked move for the protocol's own
/// delays (reading, writing, starting the search's thread).
pub const OVERHEAD: Duration = Duration::from_millis(30);

/// The shortest search given.
pub const MIN_TIME: Duration = Duration::from_millis(5);

/// The times of one clocked move: after `soft` the search starts no
/// iteration (it adapts it: more while the best move changes or the score
/// falls, less when the move is stable; see
/// [`deckmate_engine::search::soft_stop`]), at `hard` it stops.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveTime {
    /// No iteration starts after it (before adapting).
    pub soft: Duration,
    /// The search ends at it.
    pub hard: Duration,
}

/// The times for one move with `left` on the clock, `increment` after
/// each move and `moves_to_go` moves to the next time control (none: the
/// whole game, counted as 30 more moves). The move's share is the clock
/// shared over the moves to go plus most of the increment; the search
/// stops starting iterations at half of it (adapted) and ends at twice
/// it, never past half of what is left.
pub fn budget(left: Duration, increment: Duration, moves_to_go: Option<u32>) -> MoveTime {
    let usable = left.saturating_sub(OVERHEAD);
    let share = usable / moves_to_go.unwrap_or(30).clamp(1, 60);
    let share = share.saturating_add(increment / 4 * 3);
    let whole_ms = |d: Duration| {
        Duration::from_millis(u64::try_from(d.as_millis()).unwrap_or(u64::MAX)).max(MIN_TIME)
    };
    let hard = whole_ms(share.saturating_mul(2).min(usable / 2));
    MoveTime {
        soft: whole_ms(share / 2).min(hard),
        hard,
    }
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
        let t = |soft, hard| MoveTime {
            soft: ms(soft),
            hard: ms(hard),
        };
        // 10 s, no increment: a 30th, its half soft, twice hard.
        assert_eq!(budget(s(10), ms(0), None), t(166, 664));
        // 10 s + 0.1: the increment's three quarters more.
        assert_eq!(budget(s(10), ms(100), None), t(203, 814));
        // One move to go: half of what is left, at most.
        assert_eq!(budget(s(10), ms(0), Some(1)), t(4985, 4985));
        // Almost nothing left: the least.
        assert_eq!(budget(ms(10), ms(0), None), t(5, 5));
        // A low clock with an increment: never past half of what is left.
        assert_eq!(budget(ms(100), ms(50), None).hard, ms(35));
        assert_eq!(fixed(ms(1000)), ms(985));
        assert_eq!(fixed(ms(1)), MIN_TIME);
        assert!(budget(Duration::MAX, Duration::MAX, None).soft > s(1));
    }
}
