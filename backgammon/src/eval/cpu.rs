//! Which instruction sets the running CPU has, detected once: the evaluation (features and net)
//! picks its builds by it. Owns detection only; the code built for each set lives with its users.

/// Whether the running CPU has the x86-64-v3 instructions (AVX2, FMA, BMI1, BMI2, LZCNT,
/// POPCNT: every CPU with AVX2 in practice), so that the evaluation runs its builds for them
/// (never, off x86-64). Detected once.
#[inline]
pub fn simd_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::sync::atomic::{AtomicU8, Ordering};
        // 0: not yet detected, 1: no, 2: yes
        static DETECTED: AtomicU8 = AtomicU8::new(0);
        match DETECTED.load(Ordering::Relaxed) {
            0 => {
                let yes = std::is_x86_feature_detected!("avx2")
                    && std::is_x86_feature_detected!("fma")
                    && std::is_x86_feature_detected!("bmi1")
                    && std::is_x86_feature_detected!("bmi2")
                    && std::is_x86_feature_detected!("lzcnt")
                    && std::is_x86_feature_detected!("popcnt");
                DETECTED.store(1 + u8::from(yes), Ordering::Relaxed);
                yes
            }
            d => d == 2,
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}
