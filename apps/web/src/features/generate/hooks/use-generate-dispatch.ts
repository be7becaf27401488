// The store's dispatch as the generation feature uses it: plain actions and RTK Query thunks.
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';

export const useGenerateDispatch = useDispatch.withTypes<ThunkDispatch<unknown, unknown, UnknownAction>>();
