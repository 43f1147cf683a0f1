//! `Forward`: an attribute descriptor for the PettingZoo wrappers of `backgammon_v0` (the
//! subclasses in `gammon_go/pettingzoo/backgammon_v0.py`), so that reading the game state through
//! three wrappers costs one C-level lookup instead of three failed lookups and three Python
//! `__getattr__` calls.
//!
//! `Forward(via, name, guard=None)` placed on a class answers `obj.<its attribute>` with
//! `getattr(getattr(obj, via), name)`; when `guard` is given and `getattr(obj, guard)` is false it
//! raises `AttributeError`, and Python then calls the class's own `__getattr__` (PettingZoo's
//! order enforcing refuses the state before `reset` there). It defines no `__set__`: a non-data
//! descriptor, so an attribute set on the instance shadows it, as it shadows `__getattr__`.
//!
//! It owns nothing of the game and must not: the wrappers' behaviour is PettingZoo's, this only
//! shortens the path to the attribute.

use pyo3::exceptions::PyAttributeError;
use pyo3::prelude::*;
use pyo3::types::PyString;

/// `object.__getattribute__(obj, name)`: the instance's own attribute without the class's
/// `__getattr__` hook (the wrappers define one, and going through it costs more than the lookup;
/// `via` and `guard` are plain instance attributes, so the hook never answers them).
fn generic_getattr<'py>(obj: &Bound<'py, PyAny>, name: &Bound<'py, PyString>) -> PyResult<Bound<'py, PyAny>> {
    // SAFETY: both pointers are live references held by the caller for the call's duration;
    // PyObject_GenericGetAttr returns a new reference or NULL with an exception set, which
    // from_owned_ptr_or_err takes over.
    unsafe { Bound::from_owned_ptr_or_err(obj.py(), pyo3::ffi::PyObject_GenericGetAttr(obj.as_ptr(), name.as_ptr())) }
}

/// `getattr(getattr(obj, via), name)` as a non-data descriptor (see the module documentation).
#[pyclass(module = "gammon_go._gammon_go", frozen)]
pub struct Forward {
    via: Py<PyString>,
    name: Py<PyString>,
    guard: Option<Py<PyString>>,
}

#[pymethods]
impl Forward {
    #[new]
    #[pyo3(signature = (via, name, guard = None))]
    fn new(via: Bound<'_, PyString>, name: Bound<'_, PyString>, guard: Option<Bound<'_, PyString>>) -> Self {
        // interned: the lookups compare the key by identity first
        let py = via.py();
        let intern = |s: &Bound<'_, PyString>| PyString::intern(py, &s.to_string_lossy()).unbind();
        Forward { via: intern(&via), name: intern(&name), guard: guard.as_ref().map(intern) }
    }

    fn __get__<'py>(
        slf: &Bound<'py, Self>,
        instance: &Bound<'py, PyAny>,
        _owner: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if instance.is_none() {
            // read on the class: the descriptor itself, as a property gives itself
            return Ok(slf.clone().into_any());
        }
        let me = slf.get();
        let py = slf.py();
        if let Some(guard) = &me.guard {
            if !generic_getattr(instance, guard.bind(py))?.is_truthy()? {
                return Err(PyAttributeError::new_err(me.name.clone_ref(py)));
            }
        }
        generic_getattr(instance, me.via.bind(py))?.getattr(me.name.bind(py))
    }

    /// The attribute name it reads.
    #[getter]
    fn name(&self, py: Python<'_>) -> Py<PyString> {
        self.name.clone_ref(py)
    }
}
