//! Draws the library's progress reports (`engine_core::progress`) as indicatif bars on standard
//! error (hidden when it is not a terminal): one bar per running task. Front-end code only.

use engine_core::progress::{Observer, TaskState};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::HashMap;
use std::sync::Mutex;

struct Bars(Mutex<HashMap<u64, ProgressBar>>);

fn style(task: &TaskState) -> Option<ProgressStyle> {
    let template = if task.unit.is_empty() {
        "{msg} [{bar:30}] {percent}%".to_string()
    } else {
        format!("{{bar:40}} {{pos}}/{{len}} {} {{msg}} [{{elapsed}}<{{eta}}]", task.unit)
    };
    ProgressStyle::with_template(&template).ok().map(|s| s.progress_chars("=> "))
}

fn show(bar: &ProgressBar, task: &TaskState) {
    if let Some(total) = task.total {
        bar.set_length(total);
    }
    bar.set_position(task.done);
    // a task without a unit shows its name; one with a unit its latest message
    bar.set_message(if task.unit.is_empty() { task.name.clone() } else { task.message.clone() });
}

impl Observer for Bars {
    fn begin(&self, task: &TaskState) {
        let bar = ProgressBar::with_draw_target(task.total, ProgressDrawTarget::stderr());
        if let Some(style) = style(task) {
            bar.set_style(style);
        }
        show(&bar, task);
        if let Ok(mut bars) = self.0.lock() {
            bars.insert(task.id, bar);
        }
    }

    fn update(&self, task: &TaskState) {
        if let Some(bar) = self.0.lock().ok().and_then(|bars| bars.get(&task.id).cloned()) {
            show(&bar, task);
        }
    }

    fn end(&self, task: &TaskState) {
        if let Some(bar) = self.0.lock().ok().and_then(|mut bars| bars.remove(&task.id)) {
            bar.finish_and_clear();
        }
    }
}

/// Installs the bars as the process's progress observer (once; later calls do nothing).
pub fn install() {
    engine_core::progress::set_observer(Box::new(Bars(Mutex::new(HashMap::new()))));
}
